#!/usr/bin/env python3
"""Mirror the portal's software and file share downloads into a local folder.

Lists every category through /api/share/v2/shareinfo-v2, downloads each file through a signed link
(/api/share/v2/sign/download/{id}), checks its SHA-256 and size, and keeps a manifest so that a
second run fetches only what changed. Standard library only (Python 3.8+).

    python3 rscloud_share_sync.py ./mirror
    python3 rscloud_share_sync.py ./mirror --category course --category software
    python3 rscloud_share_sync.py ./mirror --dry-run

Items marked "login required" are skipped unless a session token is given (--token or RSCLOUD_TOKEN).
Exit status: 0 all good, 1 some files failed, 2 the portal could not be reached.
"""
import argparse
import hashlib
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

DEFAULT_BASE_URL = "{{SITE_URL}}"
CATEGORIES = ["software", "application", "course", "paper"]
PAGE_SIZE = 50
__version__ = "1.0.2"


def api(base, path, token=None, **query):
    url = base + path + ("?" + urllib.parse.urlencode(query) if query else "")
    headers = {"Accept": "application/json", "User-Agent": f"rscloud-share-sync/{__version__}"}
    if token:
        headers["token"] = token
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=30) as response:
            envelope = json.load(response)
    except urllib.error.HTTPError as error:
        try:
            envelope = json.load(error)
        except ValueError:
            envelope = {"code": error.code, "message": error.reason}
    if envelope.get("code") != 0:
        raise RuntimeError(f'{path}: [{envelope.get("code")}] {envelope.get("message")}')
    return envelope["data"]


def items(base, category, token):
    page = 1
    while True:
        data = api(base, "/api/share/v2/shareinfo-v2", token, category=category, pageNum=page, pageSize=PAGE_SIZE)
        yield from data["list"]
        if page * PAGE_SIZE >= data["total"]:
            return
        page += 1


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(65536), b""):
            digest.update(chunk)
    return digest.hexdigest()


def fetch(base, item, target, token):
    link = api(base, f'/api/share/v2/sign/download/{item["id"]}', token)
    digest = hashlib.sha256()
    partial = target + ".part"
    request = urllib.request.Request(base + link["url"], headers={"User-Agent": f"rscloud-share-sync/{__version__}"})
    with urllib.request.urlopen(request, timeout=60) as response, open(partial, "wb") as out:
        for chunk in iter(lambda: response.read(65536), b""):
            digest.update(chunk)
            out.write(chunk)
    expected = item["file"]
    if digest.hexdigest() != expected["sha256"] or os.path.getsize(partial) != expected["size"]:
        os.remove(partial)
        raise RuntimeError(f'{expected["name"]}: checksum or size mismatch')
    os.replace(partial, target)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--base-url", default=os.environ.get("RSCLOUD_BASE_URL", DEFAULT_BASE_URL))
    parser.add_argument("--token", default=os.environ.get("RSCLOUD_TOKEN"))
    parser.add_argument("--category", action="append", choices=CATEGORIES, help="repeat to choose several (default: all)")
    parser.add_argument("--dry-run", action="store_true", help="only say what would be downloaded")
    args = parser.parse_args(argv)
    base = args.base_url.rstrip("/")
    manifest_path = os.path.join(args.folder, "manifest.json")
    os.makedirs(args.folder, exist_ok=True)
    manifest = json.load(open(manifest_path, encoding="utf-8")) if os.path.exists(manifest_path) else {}

    fetched = kept = skipped = failed = 0
    try:
        for category in args.category or CATEGORIES:
            os.makedirs(os.path.join(args.folder, category), exist_ok=True)
            for item in items(base, category, args.token):
                file = item.get("file")
                if not file:
                    continue
                name = os.path.basename(file["name"])
                target = os.path.join(args.folder, category, name)
                if os.path.exists(target) and sha256_of(target) == file["sha256"]:
                    kept += 1
                    continue
                if item["loginRequired"] and not args.token:
                    print(f"skip   {category}/{name} (login required)")
                    skipped += 1
                    continue
                if args.dry_run:
                    print(f"would  {category}/{name} ({file['size']:,} bytes)")
                    continue
                try:
                    fetch(base, item, target, args.token)
                except (RuntimeError, urllib.error.URLError) as error:
                    print(f"FAILED {category}/{name}: {error}", file=sys.stderr)
                    failed += 1
                    continue
                manifest[f"{category}/{name}"] = {"id": item["id"], "sha256": file["sha256"], "size": file["size"], "fetched": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
                print(f"got    {category}/{name} ({file['size']:,} bytes)")
                fetched += 1
    except urllib.error.URLError as error:
        print(f"error: cannot reach {base}: {error.reason}", file=sys.stderr)
        return 2
    except RuntimeError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not args.dry_run:
        with open(manifest_path, "w", encoding="utf-8") as out:
            json.dump(manifest, out, ensure_ascii=False, indent=2, sort_keys=True)
    print(f"{fetched} downloaded, {kept} up to date, {skipped} skipped, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
