package io.github.rota.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;

/**
 * The report's PNG charts (XChart): Rota's advantage over Pekko per figure, CPU per message per
 * runtime, and the budget sweep. XChart is optional at run time; without it the runner skips the charts.
 */
final class Charts {

    private Charts() {
    }

    static void ratios(Path file, List<Comparison> comparisons, int cores) throws IOException {
        List<String> labels = new ArrayList<>();
        List<Double> best = new ArrayList<>();
        List<Double> dflt = new ArrayList<>();
        for (Comparison c : comparisons) {
            if (!finite(c.advantageBest()) || !finite(c.advantageDefault())) {
                continue; // not a comparison with Pekko (the JDK limit, the pool on and off)
            }
            labels.add(c.workload() + " (" + c.figure() + ")");
            best.add(c.advantageBest());
            dflt.add(c.advantageDefault());
        }
        if (labels.isEmpty()) {
            return;
        }
        CategoryChart chart = new CategoryChartBuilder().width(1200).height(650)
                .title("Rota (work-stealing) advantage over Apache Pekko, " + cores + " cores (higher is better)")
                .xAxisTitle("workload (figure)").yAxisTitle("advantage (x)").build();
        chart.getStyler().setXAxisLabelRotation(30);
        chart.addSeries("vs best Pekko", labels, best);
        chart.addSeries("vs Pekko as shipped", labels, dflt);
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    /** CPU-seconds per million messages of every runtime, per workload of messages. */
    static void cpu(Path file, Map<String, Map<String, Summary>> results, int cores) throws IOException {
        List<String> workloads = new ArrayList<>();
        Set<String> runtimes = new LinkedHashSet<>();
        results.forEach((workload, byRuntime) -> {
            if (!workload.startsWith("spawn-many")) {
                workloads.add(workload);
                byRuntime.keySet().stream().filter(r -> !JdkLimit.isLimit(r)).forEach(runtimes::add);
            }
        });
        if (workloads.isEmpty()) {
            return;
        }
        CategoryChart chart = new CategoryChartBuilder().width(1200).height(650)
                .title("CPU-seconds per million messages, " + cores + " cores (lower is better)")
                .xAxisTitle("workload").yAxisTitle("CPU-s / M msgs").build();
        chart.getStyler().setXAxisLabelRotation(30);
        for (String runtime : runtimes) {
            List<Double> values = new ArrayList<>();
            for (String workload : workloads) {
                Summary s = results.get(workload).get(runtime);
                values.add(s == null ? 0 : s.cpuSecondsPerMillion());
            }
            chart.addSeries(runtime, workloads, values);
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    static void budgetSweep(Path file, List<Summary> sweep) throws IOException {
        if (sweep.isEmpty()) {
            return;
        }
        XYChart chart = new XYChartBuilder().width(1000).height(600)
                .title("Throughput budget sweep (" + Comparison.ROTA + ")").xAxisTitle("throughput budget (messages per turn)")
                .yAxisTitle("messages/s").build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.setYAxisGroupTitle(1, "p99 latency (µs)");
        for (String workload : Workloads.SWEPT) {
            List<Double> budgets = new ArrayList<>();
            List<Double> rates = new ArrayList<>();
            List<Double> p99 = new ArrayList<>();
            for (Summary s : sweep) {
                if (s.workload().equals(workload)) {
                    budgets.add((double) s.budget());
                    rates.add(s.msgsPerSecond());
                    p99.add(Double.isNaN(s.p99Micros()) ? 0 : s.p99Micros());
                }
            }
            if (budgets.isEmpty()) {
                continue;
            }
            chart.addSeries(workload + " msgs/s", budgets, rates);
            XYSeries latency = chart.addSeries(workload + " p99 µs", budgets, p99);
            latency.setYAxisGroup(1);
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private static boolean finite(double value) {
        return !Double.isNaN(value) && !Double.isInfinite(value);
    }
}
