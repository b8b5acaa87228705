#!/bin/sh
# Builds and runs examples/consumer/main.c with pkg-config instead of CMake:
#   examples/consumer/pkgconfig.sh [PREFIX]
# PREFIX: where batchla was installed (its pkgconfig directory is searched,
# and the .pc file's prefix is redefined to it, so an install moved after
# configuring still works); without it, PKG_CONFIG_PATH decides.
# STATIC=1 links libbatchla.a with the libraries it needs (Libs.private);
# OUTPUT names the program (default: a file in $TMPDIR or /tmp).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cc=${CC:-cc}
out=${OUTPUT:-${TMPDIR:-/tmp}/batchla_consumer_pc}
pc=pkg-config
if [ $# -ge 1 ]; then
  PKG_CONFIG_PATH="$1/lib/pkgconfig:$1/lib64/pkgconfig:${PKG_CONFIG_PATH:-}"
  export PKG_CONFIG_PATH
  pc="pkg-config --define-variable=prefix=$1"
fi
cflags=$($pc --cflags batchla)
libdir=$($pc --variable=libdir batchla)
if [ "${STATIC:-0}" = 1 ]; then
  # -lbatchla would pick the shared library: name the archive instead.
  libs="$libdir/libbatchla.a $($pc --static --libs-only-other batchla) \
$($pc --static --libs-only-l batchla | sed 's/-lbatchla//')"
else
  libs="$($pc --libs batchla) -Wl,-rpath,$libdir"
fi
# Word splitting of the flag lists is intended.
# shellcheck disable=SC2086
$cc -std=c11 -Wall -Wextra -Werror -O2 $cflags "$here/main.c" -o "$out" \
  $libs -lm
"$out"
