package io.github.rota.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;

/**
 * The report's PNG charts (XChart): Rota's advantage over Pekko per workload, and the budget
 * sweep. XChart is optional at run time; without it the runner skips the charts.
 */
final class Charts {

    private Charts() {
    }

    static void ratios(Path file, List<Comparison> comparisons) throws IOException {
        List<String> labels = new ArrayList<>();
        List<Double> best = new ArrayList<>();
        List<Double> dflt = new ArrayList<>();
        for (Comparison c : comparisons) {
            if (Double.isNaN(c.advantageBest()) || Double.isInfinite(c.advantageBest()) || Double.isNaN(c.advantageDefault())) {
                continue; // not a comparison with Pekko (e.g. against the JDK limit)
            }
            labels.add(c.workload() + " (" + c.figure() + ")");
            best.add(c.advantageBest());
            dflt.add(Double.isNaN(c.advantageDefault()) ? 0 : c.advantageDefault());
        }
        if (labels.isEmpty()) {
            return;
        }
        CategoryChart chart = new CategoryChartBuilder().width(1200).height(600)
                .title("Rota (work-stealing) advantage over Apache Pekko (higher is better)")
                .xAxisTitle("workload").yAxisTitle("advantage (x)").build();
        chart.getStyler().setXAxisLabelRotation(30);
        chart.addSeries("vs Pekko (better config)", labels, best);
        chart.addSeries("vs Pekko (default config)", labels, dflt);
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    static void budgetSweep(Path file, List<Summary> sweep) throws IOException {
        if (sweep.isEmpty()) {
            return;
        }
        XYChart chart = new XYChartBuilder().width(1000).height(600)
                .title("Throughput budget sweep (rota-ws)").xAxisTitle("throughput budget (messages per turn)")
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
}
