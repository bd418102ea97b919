package io.github.rota.example;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import java.time.Duration;

public final class Hello {

    sealed interface Command permits Add, Total {}

    record Add(int amount) implements Command {}

    /** Asks for the total: the reply goes to {@code replyTo}, whose type says it is an Integer. */
    record Total(ActorRef<Integer> replyTo) implements Command {}

    /** Actor state needs no locks: one message at a time, whichever worker runs it. */
    static final class Counter implements Actor<Command> {
        private int total;

        @Override
        public void receive(ReceiveContext<Command> context) {
            if (context.message() instanceof Add add) {
                total += add.amount();
            } else if (context.message() instanceof Total ask) {
                ask.replyTo().tell(total);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("hello");
        ActorRef<Command> counter = system.spawn(Props.create(Counter::new), "counter");
        for (int i = 1; i <= 100; i++) {
            counter.tell(new Add(i));
        }
        int total = counter.askFor(Total::new, Duration.ofSeconds(5)).toCompletableFuture().get();
        System.out.println(counter.path() + " counted " + total);
        system.terminate().toCompletableFuture().get();
    }
}
