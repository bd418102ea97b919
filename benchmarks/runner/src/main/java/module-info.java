/**
 * The benchmark runner ({@code bench}): workloads, the Rota contenders, results, report and charts.
 * Other runtimes plug in by providing {@link io.github.rota.bench.spi.ContenderFactory}.
 */
module io.github.rota.bench {
    requires io.github.rota.api;
    requires io.github.rota.spi;
    requires java.management;
    requires jdk.management; // com.sun.management.ThreadMXBean: allocated bytes per thread
    requires org.jctools.core;
    requires jdk.unsupported; // JCTools reaches sun.misc.Unsafe; its own descriptor does not resolve it
    requires HdrHistogram;
    requires static org.knowm.xchart; // charts are skipped when XChart is absent

    exports io.github.rota.bench.spi;

    uses io.github.rota.bench.spi.ContenderFactory;
    provides io.github.rota.bench.spi.ContenderFactory with io.github.rota.bench.RotaContenders;
}
