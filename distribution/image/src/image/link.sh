#!/bin/sh
# Links Rota's runtime image and lays it out like the Felix distribution (bin/rota, conf/), then
# packs it. Run by the build (package phase):
#
#   link.sh JAVA_HOME MODULE_DIR OUTPUT_DIR REPOSITORY_ROOT
#
# The roots are the two programs (the demo launcher and the benchmark runner) plus what nobody
# 'requires' but ServiceLoader finds: the runtime, dispatchers, mailboxes, pool, management, the
# SLF4J provider, and jdk.management.agent for remote JMX.
set -eu

java_home=$1
modules=$2
image=$3
root=$4

roots=io.github.rota.demo,io.github.rota.bench
providers=io.github.rota.runtime,io.github.rota.dispatcher,io.github.rota.mailbox,io.github.rota.pool
providers=$providers,io.github.rota.management,org.slf4j.simple,jdk.management.agent

# --compress=2 is deprecated from JDK 21 on, where zip-6 is the same thing.
feature=$("$java_home/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
if [ "$feature" -ge 21 ]; then compress=zip-6; else compress=2; fi

rm -rf "$image" "$image.tar.gz"
"$java_home/bin/jlink" --module-path "$modules" --add-modules "$roots,$providers" \
    --strip-debug --no-header-files --no-man-pages --compress="$compress" --output "$image"

cp "$root/distribution/src/bin/rota" "$image/bin/rota"
chmod 755 "$image/bin/rota"
cp "$root/config/felix/jvm.options" "$root/config/felix/jmxremote.access" "$root/config/image/rota.properties" \
    "$image/conf/"
if [ "$feature" -ge 23 ]; then
    # JCTools reads through sun.misc.Unsafe, which JDK 23+ warns about on first use (JEP 471).
    printf '# JCTools uses sun.misc.Unsafe (JDK 23+ would warn at first use).\n--sun-misc-unsafe-memory-access=allow\n' \
        >>"$image/conf/jvm.options"
fi
tar -czf "$image.tar.gz" -C "$(dirname "$image")" "$(basename "$image")"
echo "rota-image: $(du -sh "$image" | cut -f1) ($image), $(du -h "$image.tar.gz" | cut -f1) packed"
