package io.github.rota.reliability;

import io.github.rota.testkit.DeliveryLedger;
import java.util.List;

/**
 * What one scenario run came to: its ledger's report, the faults it injected, and anything else it
 * found wrong (a blocked sender, a lost worker, a second {@code postStop}).
 *
 * @param scenario the scenario's name
 * @param report the exact accounting of its messages
 * @param faults faults injected: thrown exceptions, PoisonPills, budget changes, terminations
 * @param problems what else was wrong; empty when all is well
 */
public record Outcome(String scenario, DeliveryLedger.Report report, long faults, List<String> problems) {

    /** {@return whether every message is accounted for and nothing else went wrong} */
    public boolean ok() {
        return report.exact() && problems.isEmpty();
    }

    /** {@return one line a log or a test can read: {@code SCENARIO name=... ok=true}} */
    public String line() {
        return "SCENARIO name=" + scenario + " sent=" + report.sent() + " handled=" + report.handled()
                + " dead=" + report.dead() + " deadByReason=" + report.deadLetters().toString().replace(" ", "")
                + " faults=" + faults + " lost=" + report.lost() + " duplicates=" + report.duplicates().size()
                + " reordered=" + report.reordered().size() + " envelopesOutstanding=" + report.envelopesOutstanding()
                + " problems=" + problems + " ok=" + ok();
    }
}
