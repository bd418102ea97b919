package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.api.Settings;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The system's processed messages, as JMX and Micrometer report them, count every message its
 * actors handled on each kind that counts them: work-stealing by itself, any kind once metered.
 */
class ProcessedMessageCountTest {

    private static final int MESSAGES = 1_000;

    @ParameterizedTest(name = "kind={0}, decorators={1}")
    @CsvSource({"work-stealing, ''", "work-stealing, metering", "executor, metering", "pinned, metering"})
    void everyHandledMessageIsCountedOnce(String kind, String decorators) throws Exception {
        ActorSystem system = ActorSystem.create("counted", Settings.empty()
                .with("rota.dispatcher.default.kind", kind)
                .with("rota.dispatcher.default.decorators", decorators));
        try {
            LongAdder handled = new LongAdder();
            ActorRef<Object> actor = system.spawn(Props.create(() -> context -> handled.increment()), "counted");
            for (int i = 0; i < MESSAGES; i++) {
                actor.tell(i);
            }
            await().until(() -> handled.sum() == MESSAGES);
            await().atMost(Duration.ofSeconds(10)).until(system::processedMessageCount, count -> count == MESSAGES);
        } finally {
            system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
    }
}
