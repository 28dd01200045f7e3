#!/bin/sh
# SeaweedFS for Loja's media: master, volume, filer and S3 gateway in one process, with one identity allowed
# everything on the shop's bucket (from MEDIA_S3_ACCESS_KEY_ID / MEDIA_S3_SECRET_ACCESS_KEY).
set -eu
cat > /tmp/s3.json <<JSON
{"identities":[{"name":"loja","credentials":[{"accessKey":"${MEDIA_S3_ACCESS_KEY_ID}","secretKey":"${MEDIA_S3_SECRET_ACCESS_KEY}"}],"actions":["Admin","Read","Write","List","Tagging"]}]}
JSON
exec weed server -dir=/data -master.volumeSizeLimitMB=1024 -s3 -s3.port=8333 -s3.config=/tmp/s3.json
