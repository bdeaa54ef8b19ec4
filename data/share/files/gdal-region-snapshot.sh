#!/bin/sh
# Cut out one province from the portal's map services with GDAL (gdal-bin 3.x):
#   1. its outline and its cities from the WFS into a GeoPackage;
#   2. a GeoTIFF snapshot of the region layer from the WMS over the province's extent.
# 用 GDAL 从门户的地图服务中截取一个省：WFS 轮廓与地级市写入 GeoPackage，WMS 截图为 GeoTIFF。
#
#   sh gdal-region-snapshot.sh 130000 hebei
#
# Written for the Natural Resources Satellite Remote Sensing Cloud Service portal (demo content).
set -eu

CODE="${1:-130000}"
NAME="${2:-region-$CODE}"
MAP_BASE="${RSCLOUD_MAP_BASE:-{{MAP_BASE}}}"
WFS="WFS:$MAP_BASE/cloudPlatform/wfs"

echo "1/3 outline and cities of $CODE → $NAME.gpkg"
ogr2ogr -f GPKG "$NAME.gpkg" "$WFS?CQL_FILTER=code%3D%27$CODE%27&LOD=mid" cloudPlatform:region -nln outline
ogr2ogr -f GPKG -update "$NAME.gpkg" "$WFS?CQL_FILTER=parent%3D%27$CODE%27&LOD=mid" cloudPlatform:region -nln cities

echo "2/3 extent"
EXTENT=$(ogrinfo -ro -so "$NAME.gpkg" outline | sed -n 's/^Extent: (\(.*\), \(.*\)) - (\(.*\), \(.*\))$/\1 \4 \3 \2/p')
[ -n "$EXTENT" ] || { echo "could not read the extent" >&2; exit 1; }
echo "    $EXTENT (west north east south)"

echo "3/3 WMS snapshot → $NAME.tif"
# shellcheck disable=SC2086
gdal_translate -q -outsize 1024 0 -projwin $EXTENT \
  "WMS:$MAP_BASE/cloudPlatform/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=cloudPlatform:region&SRS=EPSG:4326&BBOX=73,3,136,54&CQL_FILTER=parent%3D%27$CODE%27&TRANSPARENT=TRUE" \
  "$NAME.tif"
gdalinfo "$NAME.tif" | sed -n '1,/^Band 1/p' | head -20
