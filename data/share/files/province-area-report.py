#!/usr/bin/env python3
"""Area report of China's provinces from the portal's WFS, as a CSV table.

Reads cloudPlatform:region (level = province, simplified outlines) as GeoJSON and writes
code, name, name_en and area in km² (the `area_km2` attribute the portal computes in PostGIS on the
full-detail outline), largest first. Standard library only.

    python3 province-area-report.py > provinces.csv
    python3 province-area-report.py --parent 130000 --level city   # the cities of Hebei

Written for the Natural Resources Satellite Remote Sensing Cloud Service portal (demo content).
"""
import argparse
import csv
import json
import sys
import urllib.parse
import urllib.request

MAP_BASE = "{{MAP_BASE}}"


def features(level, parent=None):
    cql = f"level='{level}'" + (f" AND parent='{parent}'" if parent else "")
    query = urllib.parse.urlencode({
        "SERVICE": "WFS",
        "VERSION": "2.0.0",
        "REQUEST": "GetFeature",
        "TYPENAMES": "cloudPlatform:region",
        "OUTPUTFORMAT": "application/json",
        "CQL_FILTER": cql,
        "LOD": "lo",
    })
    with urllib.request.urlopen(f"{MAP_BASE}/cloudPlatform/wfs?{query}", timeout=60) as response:
        return json.load(response)["features"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="province", choices=["province", "city", "county"])
    parser.add_argument("--parent", help="only regions under this code, e.g. 130000")
    args = parser.parse_args()
    rows = [f["properties"] for f in features(args.level, args.parent)]
    rows.sort(key=lambda p: -(p.get("area_km2") or 0))
    out = csv.writer(sys.stdout)
    out.writerow(["code", "name", "name_en", "area_km2", "share_percent"])
    total = sum(p.get("area_km2") or 0 for p in rows) or 1
    for p in rows:
        area = p.get("area_km2") or 0
        out.writerow([p["code"], p["name"], p.get("name_en") or "", f"{area:.0f}", f"{100 * area / total:.2f}"])
    print(f"{len(rows)} regions, {total:,.0f} km² in total", file=sys.stderr)


if __name__ == "__main__":
    main()
