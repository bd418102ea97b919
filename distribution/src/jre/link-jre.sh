#!/bin/sh
# The build's -Pjre option: links a trimmed JRE for the Felix distribution into DIST/jre, which
# bin/rota then prefers to JAVA_HOME, and packs DIST with it as rota-jre.tar.gz next to it.
#
#   link-jre.sh JAVA_HOME DIST_DIR
#
# The modules are what jdeps finds per jar: the Felix framework java.base and
# jdk.unsupported; SCR java.logging, java.management and java.xml (without java.xml SCR does not
# resolve); Metatype java.xml; Metrics' JMX reporter java.management; JCTools jdk.unsupported; and
# jdk.management.agent for bin/rota --jmx.
set -eu

java_home=$1
dist=$2
modules=java.base,java.logging,java.management,java.xml,jdk.unsupported,jdk.management.agent

feature=$("$java_home/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
if [ "$feature" -ge 21 ]; then compress=zip-6; else compress=2; fi

rm -rf "$dist/jre"
"$java_home/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages \
    --compress="$compress" --output "$dist/jre"
tar -czf "$(dirname "$dist")/rota-jre.tar.gz" -C "$(dirname "$dist")" "$(basename "$dist")"
echo "trimmed JRE: $(du -sh "$dist/jre" | cut -f1) ($dist/jre); with it the distribution is $(du -sh "$dist" | cut -f1)"
