package io.github.rota.runtime;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * A thread waits for an ask's answer ({@code AskFuture.join}) while the replier delivers it: the
 * waiter must wake, whichever way the registration and the delivery interleave.
 */
@JCStressTest(Mode.Termination)
@Outcome(id = "TERMINATED", expect = Expect.ACCEPTABLE, desc = "the waiter got the answer")
@Outcome(id = "STALE", expect = Expect.FORBIDDEN, desc = "lost wake-up: the waiter waits for an answer already delivered")
@State
public class AskFutureDeliverVersusWaitTest {

    private final AskFuture<Object> future = new AskFuture<>();

    @Actor
    public void waiter() {
        future.join();
    }

    @Signal
    public void replier() {
        future.deliver("answer", null);
    }
}
