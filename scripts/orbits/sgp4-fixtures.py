#!/usr/bin/python3
"""Reference positions for the orbit propagation test (issue 22), from an SGP4 implementation independent of
satellite.js: Debian's python3-sgp4 (Brandon Rhodes' wrapper of Vallado's C++ SGP4). Run with Debian's
python (`apt-get install python3-sgp4`; `/usr/bin/python3 scripts/orbits/sgp4-fixtures.py`) to rewrite
lib/shared/orbits/sgp4-reference.json; the test compares satellite.js against the committed file.

Five land-observation satellites of the shared TLE subset, each at its epoch and one and three days after:
TEME position (km) and velocity (km/s).
"""
import json
import pathlib

from sgp4.api import Satrec

ROOT = pathlib.Path(__file__).resolve().parents[2]
TLE_FILE = ROOT.parent / "shared" / "data" / "satellites" / "eo_subset.tle"
OUT = ROOT / "lib" / "shared" / "orbits" / "sgp4-reference.json"
NORADS = [40118, 40697, 41556, 43484, 49260]  # GF-2, Sentinel-2A, ZY-3 02, GF-6, Landsat 9
DAYS = [0, 1, 3]


def main():
    lines = [l.rstrip("\r\n") for l in TLE_FILE.read_text().splitlines() if l.strip()]
    sets = {}
    for i in range(0, len(lines) - 2, 3):
        name, l1, l2 = lines[i].strip(), lines[i + 1], lines[i + 2]
        sets[int(l1[2:7])] = (name, l1, l2)
    cases = []
    for norad in NORADS:
        name, l1, l2 = sets[norad]
        sat = Satrec.twoline2rv(l1, l2)
        for days in DAYS:
            error, r, v = sat.sgp4(sat.jdsatepoch, sat.jdsatepochF + days)
            if error:
                raise SystemExit(f"sgp4 error {error} for {name} at +{days} d")
            cases.append(
                {
                    "norad": norad,
                    "name": name,
                    "line1": l1,
                    "line2": l2,
                    "minutesSinceEpoch": days * 1440,
                    "positionKm": [round(x, 6) for x in r],
                    "velocityKmS": [round(x, 9) for x in v],
                }
            )
    OUT.write_text(json.dumps({"source": "python3-sgp4 (Debian), Satrec.sgp4 at the TLE epoch + 0, 1, 3 days", "cases": cases}, indent=2) + "\n")
    print(f"wrote {len(cases)} reference positions to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
