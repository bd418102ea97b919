package io.github.rota.itests.osgi;

import static org.junit.Assert.assertTrue;

import io.github.rota.api.ActorSystem;
import io.github.rota.api.Directive;
import io.github.rota.reliability.Outcome;
import io.github.rota.reliability.Scenarios;
import javax.inject.Inject;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.CoreOptions;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;

/**
 * The critical reliability scenarios in Felix, on the distribution's {@code ActorSystem} service
 * and default dispatcher (with the demo running beside them): live budget changes under load,
 * failing handlers under each supervision directive, and a PoisonPill storm — every message
 * handled or dead-lettered exactly once, in order, no worker thread lost. (Dispatcher replacement
 * under load is {@link HotSwapIT}.)
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class ReliabilityIT {

    @Inject
    private ActorSystem system;

    @Configuration
    public Option[] config() {
        return CoreOptions.options(CoreOptions.composite(Distribution.options(ReliabilityIT.class)),
                Distribution.testkit(), Distribution.reliability());
    }

    @Before
    public void started() {
        Distribution.awaitStarted(system);
    }

    @Test
    public void liveBudgetChangesUnderLoad() throws Exception {
        check(Scenarios.budgetChanges(system, "default", 100_000));
    }

    @Test
    public void failingHandlersUnderEachDirective() throws Exception {
        for (Directive directive : Directive.values()) {
            check(Scenarios.failingHandlers(system, directive, 50_000));
        }
    }

    @Test
    public void poisonPillStorm() throws Exception {
        check(Scenarios.poisonPillStorm(system, 50_000));
    }

    private static void check(Outcome outcome) {
        System.out.println(outcome.line());
        assertTrue(outcome.line(), outcome.ok());
    }
}
