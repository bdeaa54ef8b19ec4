#!/usr/bin/python3
"""Reference positions and passes for the orbit tests (issue 22), from an SGP4 implementation independent of
satellite.js: Debian's python3-sgp4 (Brandon Rhodes' wrapper of Vallado's C++ SGP4). Run with Debian's
python (`apt-get install python3-sgp4`; `/usr/bin/python3 scripts/orbits/sgp4-fixtures.py`) to rewrite
lib/shared/orbits/sgp4-reference.json; the test compares satellite.js against the committed file.

Five land-observation satellites of the shared TLE subset, each at its epoch and one and three days after:
TEME position (km) and velocity (km/s). And passes: the times GF-6's ground track comes closest to Beijing
within three days of its epoch, where the sub-satellite point is within 400 km (the half width of its 800 km
wide-field camera), from its own TEME -> Earth-fixed rotation (IAU-82 sidereal time) and WGS-84 latitude.
"""
import json
import math
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
    passes = beijing_passes(sets[43484])
    OUT.write_text(
        json.dumps(
            {"source": "python3-sgp4 (Debian), Satrec.sgp4 at the TLE epoch + 0, 1, 3 days", "cases": cases, "passes": passes},
            indent=2,
        )
        + "\n"
    )
    print(f"wrote {len(cases)} reference positions and {len(passes['closest'])} passes to {OUT.relative_to(ROOT)}")


BEIJING = (116.40, 39.90)
EARTH_KM = 6371.0088
HALF_SWATH_KM = 400.0


def gmst(jd_ut1):
    """IAU-82 Greenwich mean sidereal time, radians."""
    t = (jd_ut1 - 2451545.0) / 36525.0
    seconds = -6.2e-6 * t**3 + 0.093104 * t**2 + (876600.0 * 3600 + 8640184.812866) * t + 67310.54841
    return math.fmod(seconds * math.pi / 43200.0, 2 * math.pi)


def sub_point(sat, jd, fr):
    error, r, _ = sat.sgp4(jd, fr)
    if error:
        raise SystemExit(f"sgp4 error {error}")
    g = gmst(jd + fr)
    x = r[0] * math.cos(g) + r[1] * math.sin(g)
    y = -r[0] * math.sin(g) + r[1] * math.cos(g)
    z = r[2]
    lon = math.atan2(y, x)
    a, f = 6378.137, 1 / 298.257223563
    e2 = f * (2 - f)
    p = math.hypot(x, y)
    lat = math.atan2(z, p)
    for _ in range(10):
        n = a / math.sqrt(1 - e2 * math.sin(lat) ** 2)
        lat = math.atan2(z + e2 * n * math.sin(lat), p)
    return math.degrees(lon), math.degrees(lat)


def distance_km(a, b):
    la1, la2 = math.radians(a[1]), math.radians(b[1])
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin(math.radians(b[0] - a[0]) / 2) ** 2
    return 2 * EARTH_KM * math.asin(min(1, math.sqrt(h)))


def beijing_passes(tle):
    name, l1, l2 = tle
    sat = Satrec.twoline2rv(l1, l2)
    step = 10 / 86400
    samples = []
    k = 0
    while k * step <= 3:
        fr = sat.jdsatepochF + k * step
        samples.append((k * step, distance_km(sub_point(sat, sat.jdsatepoch, fr), BEIJING)))
        k += 1
    closest = []
    for i in range(1, len(samples) - 1):
        (_, d0), (t1, d1), (_, d2) = samples[i - 1], samples[i], samples[i + 1]
        if d1 < d0 and d1 <= d2 and d1 <= HALF_SWATH_KM:
            lo, hi = t1 - step, t1 + step
            for _ in range(60):
                m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
                f1 = distance_km(sub_point(sat, sat.jdsatepoch, sat.jdsatepochF + m1), BEIJING)
                f2 = distance_km(sub_point(sat, sat.jdsatepoch, sat.jdsatepochF + m2), BEIJING)
                lo, hi = (lo, m2) if f1 < f2 else (m1, hi)
            t = (lo + hi) / 2
            d = distance_km(sub_point(sat, sat.jdsatepoch, sat.jdsatepochF + t), BEIJING)
            closest.append({"minutesSinceEpoch": round(t * 1440, 4), "distanceKm": round(d, 3)})
    return {"norad": 43484, "name": name, "line1": l1, "line2": l2, "target": BEIJING, "halfSwathKm": HALF_SWATH_KM, "days": 3, "closest": closest}


if __name__ == "__main__":
    main()
