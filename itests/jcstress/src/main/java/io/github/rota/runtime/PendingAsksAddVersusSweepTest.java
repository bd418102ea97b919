package io.github.rota.runtime;

import java.time.Duration;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZI_Result;

/**
 * An ask is added while termination sweeps the waiting asks ({@code PendingAsks.add} against
 * {@code PendingAsks.failAll}): it must be failed exactly once, by the sweep if {@code add} kept
 * it, by the asker if {@code add} refused it. An ask kept but never swept waits forever: the tick
 * that would time it out has stopped with the system.
 */
@JCStressTest
@Outcome(id = "true, 1", expect = Expect.ACCEPTABLE, desc = "kept, and failed by the sweep")
@Outcome(id = "false, 0", expect = Expect.ACCEPTABLE, desc = "refused, the sweep had begun: the asker fails it")
@Outcome(id = "true, 0", expect = Expect.FORBIDDEN, desc = "kept but never swept: the ask hangs")
@Outcome(id = "false, 1", expect = Expect.FORBIDDEN, desc = "refused and swept as well")
@State
public class PendingAsksAddVersusSweepTest {

    /** The asked actor: the sweep reads only its path, so another ask's reference serves. */
    private static final PromiseRef TARGET = new PromiseRef("racing", null, 0, null, Duration.ofMinutes(1));

    private final PendingAsks asks = new PendingAsks();
    private final PromiseRef ask = new PromiseRef("racing", null, 1, TARGET, Duration.ofMinutes(1));

    @Actor
    public void asker(ZI_Result r) {
        r.r1 = asks.add(ask);
    }

    @Actor
    public void sweep(ZI_Result r) {
        r.r2 = asks.failAll("racing").size();
    }
}
