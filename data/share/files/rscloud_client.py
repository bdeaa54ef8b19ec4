#!/usr/bin/env python3
"""Python client for the public API of the Natural Resources Satellite Remote Sensing Cloud Service portal.

Standard library only (Python 3.8+). Every answer of the API is an envelope {code, message, data};
code 0 is success, anything else raises ApiError with the server's message (in the chosen language).

    python3 rscloud_client.py news --type 0 --size 5
    python3 rscloud_client.py regions 130000
    python3 rscloud_client.py share software
    python3 rscloud_client.py download 3 --out ./downloads
    python3 rscloud_client.py openapi > openapi.json

Signed-in calls send the session token in the `token` header: pass --token or set RSCLOUD_TOKEN.
Written for this portal's demo deployment; the default address is the portal this file came from.
"""
import argparse
import hashlib
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

DEFAULT_BASE_URL = "{{SITE_URL}}"
__version__ = "1.1.0"


class ApiError(Exception):
    """A non-zero envelope code or an HTTP failure."""

    def __init__(self, code, message, status=None):
        super().__init__(f"[{code}] {message}")
        self.code = code
        self.message = message
        self.status = status


class Client:
    def __init__(self, base_url=DEFAULT_BASE_URL, token=None, lang="zh", timeout=30):
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.lang = lang
        self.timeout = timeout

    def _request(self, path, query=None):
        url = self.base_url + path
        if query:
            url += "?" + urllib.parse.urlencode({k: v for k, v in query.items() if v is not None})
        headers = {"Accept": "application/json", "x-locale": self.lang, "User-Agent": f"rscloud-client/{__version__}"}
        if self.token:
            headers["token"] = self.token
        return urllib.request.Request(url, headers=headers)

    def get(self, path, **query):
        """GET an API path and return `data` of the envelope."""
        try:
            with urllib.request.urlopen(self._request(path, query), timeout=self.timeout) as response:
                envelope = json.load(response)
        except urllib.error.HTTPError as error:
            try:
                envelope = json.load(error)
            except ValueError:
                raise ApiError(error.code, error.reason, error.code) from None
            raise ApiError(envelope.get("code", error.code), envelope.get("message", error.reason), error.code) from None
        if envelope.get("code") != 0:
            raise ApiError(envelope.get("code"), envelope.get("message"))
        return envelope.get("data")

    # ── Content ────────────────────────────────────────────────────────────────────────────────
    def news(self, news_type=0, page=1, size=20):
        """Published news of a type (0 notice, 1 industry news, 2 GEO, 5 media), newest first."""
        return self.get("/api/news/v3/news-v3", type=news_type, pageNum=page, pageSize=size)

    def search_news(self, keyword, page=1, size=20):
        return self.get("/api/news/v3/news-v3/s", keyword=keyword, pageNum=page, pageSize=size)

    def regions(self, parent="100000"):
        """Child regions (code and name) of a region; 100000 is the whole country."""
        return self.get(f"/api/region/v1/region/pid/{urllib.parse.quote(parent)}/s")

    def region(self, code):
        return self.get(f"/api/region/v1/region/id/{urllib.parse.quote(code)}")

    def share_items(self, category, page=1, size=50):
        """Software (software) and file share items (application, course, paper)."""
        return self.get("/api/share/v2/shareinfo-v2", category=category, pageNum=page, pageSize=size)

    def share_item(self, item_id):
        return self.get(f"/api/share/v2/shareinfo-v2/id/{int(item_id)}")

    def openapi(self):
        """The OpenAPI 3 description of every endpoint (not wrapped in an envelope)."""
        with urllib.request.urlopen(self._request("/api/openapi.json"), timeout=self.timeout) as response:
            return json.load(response)

    # ── Downloads ──────────────────────────────────────────────────────────────────────────────
    def download(self, item_id, folder="."):
        """Downloads the file of a share item through a signed link and checks its SHA-256.

        Returns the path written. Items marked "login required" need a token.
        """
        item = self.share_item(item_id)
        if not item.get("file"):
            raise ApiError(404, "this item has no file")
        link = self.get(f"/api/share/v2/sign/download/{int(item_id)}")
        os.makedirs(folder, exist_ok=True)
        # Never trust a name from the network with a path: keep the last component only.
        target = os.path.join(folder, os.path.basename(link["fileName"]) or f"item-{item_id}")
        digest = hashlib.sha256()
        partial = target + ".part"
        with urllib.request.urlopen(self._request(link["url"]), timeout=self.timeout) as response, open(partial, "wb") as out:
            for chunk in iter(lambda: response.read(65536), b""):
                digest.update(chunk)
                out.write(chunk)
        if digest.hexdigest() != item["file"]["sha256"]:
            os.remove(partial)
            raise ApiError(500, f"checksum mismatch for {target}")
        os.replace(partial, target)
        return target


def _print(data):
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def main(argv=None):
    parser = argparse.ArgumentParser(description="Client for the satellite remote sensing cloud portal's public API")
    parser.add_argument("--base-url", default=os.environ.get("RSCLOUD_BASE_URL", DEFAULT_BASE_URL))
    parser.add_argument("--token", default=os.environ.get("RSCLOUD_TOKEN"))
    parser.add_argument("--lang", choices=["zh", "en"], default="zh")
    commands = parser.add_subparsers(dest="command", required=True)
    news = commands.add_parser("news", help="list published news")
    news.add_argument("--type", type=int, default=0, choices=[0, 1, 2, 3, 4, 5])
    news.add_argument("--page", type=int, default=1)
    news.add_argument("--size", type=int, default=20)
    regions = commands.add_parser("regions", help="list child regions")
    regions.add_argument("parent", nargs="?", default="100000")
    share = commands.add_parser("share", help="list share items")
    share.add_argument("category", choices=["software", "application", "course", "paper"])
    download = commands.add_parser("download", help="download the file of a share item")
    download.add_argument("id", type=int)
    download.add_argument("--out", default=".")
    commands.add_parser("openapi", help="print the OpenAPI document")
    args = parser.parse_args(argv)

    client = Client(args.base_url, args.token, args.lang)
    try:
        if args.command == "news":
            page = client.news(args.type, args.page, args.size)
            for item in page["list"]:
                print(f'{item["publishedAt"][:10]}  {item["title"]}')
            print(f'-- {len(page["list"])} of {page["total"]}')
        elif args.command == "regions":
            for region in client.regions(args.parent):
                print(f'{region["code"]}  {region["name"]}')
        elif args.command == "share":
            for item in client.share_items(args.category)["list"]:
                file = item.get("file")
                size = f'{file["size"]:>9,} B  {file["downloadCount"]:>5} downloads' if file else "(no file)"
                print(f'{item["id"]:>4}  {item["title"]}  {size}')
        elif args.command == "download":
            print(client.download(args.id, args.out))
        elif args.command == "openapi":
            _print(client.openapi())
    except ApiError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except urllib.error.URLError as error:
        print(f"error: cannot reach {args.base_url}: {error.reason}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
