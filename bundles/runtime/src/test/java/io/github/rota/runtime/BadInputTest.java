package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.api.Settings;
import io.github.rota.testkit.ActorSystemExtension;
import io.github.rota.testkit.TestProbe;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad input gets a clear error and changes nothing. */
@ExtendWith(ActorSystemExtension.class)
class BadInputTest {

    @Test
    void tellNullThrowsNamingTheArgumentAndEnqueuesNothing(ActorSystem system) {
        TestProbe<String> probe = TestProbe.create(system);
        assertThatThrownBy(() -> probe.ref().tell(null)).isInstanceOf(NullPointerException.class).hasMessage("message");
        assertThatThrownBy(() -> probe.ref().tell(null, probe.ref())).isInstanceOf(NullPointerException.class).hasMessage("message");
        probe.expectNoMessage(Duration.ofMillis(200));
        assertThat(system.deadLetterCount()).isZero();
    }

    @Test
    void replyNullThrowsNamingTheArgument(ActorSystem system) {
        TestProbe<Object> probe = TestProbe.create(system);
        ActorRef<String> actor = system.spawn(Props.create(() -> context -> {
            try {
                context.reply(null);
            } catch (NullPointerException e) {
                context.reply("rejected: " + e.getMessage());
            }
        }), "replier");
        actor.tell("go", probe.ref());
        probe.expectMessage("rejected: reply");
    }

    @Test
    void aDuplicateNameFailsNamingItAndKeepsTheFirstActor(ActorSystem system) {
        TestProbe<String> probe = TestProbe.create(system);
        ActorRef<String> first = system.spawn(Props.create(() -> context -> probe.ref().tell("first")), "dup");
        assertThatThrownBy(() -> system.spawn(Props.create(() -> context -> probe.ref().tell("second")), "dup"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("actor name 'dup' is already taken under rota://aDuplicateNameFailsNamingItAndKeepsTheFirstActor/user");
        first.tell("hi");
        probe.expectMessage("first");
    }

    @Test
    void unknownDispatcherOrMailboxIdFailsNamingIt(ActorSystem system) {
        Props<String> props = Props.create(() -> context -> { });
        assertThatThrownBy(() -> system.spawn(props.withDispatcher("nope"), "a"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown dispatcher id 'nope'")
                .hasMessageContaining("configured: [default]");
        assertThatThrownBy(() -> system.spawn(props.withMailbox("nope"), "a"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown mailbox 'nope'")
                .hasMessageContaining("unbounded");
        // The name was not taken by the failed attempts.
        assertThat(system.spawn(props, "a").name()).isEqualTo("a");
    }

    @Test
    void invalidNamesAndNullPropsAreRejected(ActorSystem system) {
        Props<String> props = Props.create(() -> context -> { });
        assertThatThrownBy(() -> system.spawn(props, null)).isInstanceOf(NullPointerException.class).hasMessage("actor name");
        assertThatThrownBy(() -> system.spawn(null, "x")).isInstanceOf(NullPointerException.class).hasMessage("props");
        for (String bad : new String[] {"", "a/b", "$x", "-x", ".x", "_x", "a b", "a$", "é", "aé", "a\u0660"}) {
            assertThatThrownBy(() -> system.spawn(props, bad))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("actor name '" + bad + "' is invalid");
        }
        for (String good : new String[] {"a", "Z", "9", "a.b-c_d", "x.", "0-", "A_"}) {
            assertThat(system.spawn(props, good).name()).isEqualTo(good);
        }
    }

    @Test
    void badPropsFieldsAreRejectedWhenBuilt() {
        assertThatThrownBy(() -> Props.create(null)).isInstanceOf(NullPointerException.class).hasMessage("factory");
        Props<String> props = Props.create(() -> ReceiveContext::stash);
        assertThatThrownBy(() -> props.withDispatcher(null)).isInstanceOf(NullPointerException.class).hasMessage("dispatcher id");
        assertThatThrownBy(() -> props.withMailbox(" ")).isInstanceOf(IllegalArgumentException.class).hasMessage("mailbox id must not be blank");
        assertThatThrownBy(() -> props.withThroughput(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("throughput budget must be in 1..1000000, was 0");
        assertThatThrownBy(() -> props.withThroughput(1_000_001)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> props.withSupervisorStrategy(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void aFactoryReturningNullIsAFailureNotACrash(ActorSystem system) {
        TestProbe<Object> watcher = TestProbe.create(system);
        ActorRef<String> broken = system.spawn(Props.<String>create(() -> null)
                .withSupervisorStrategy(io.github.rota.api.SupervisorStrategy.defaultStrategy()), "broken");
        system.stop(broken);
        watcher.watch(broken);
        watcher.expectTerminated(broken);
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
        "rota.dispatcher.default.throughput|0|rota.dispatcher.default.throughput must be in 1..1000000, was 0",
        "rota.dispatcher.default.throughput|-1|rota.dispatcher.default.throughput must be in 1..1000000, was -1",
        "rota.dispatcher.default.throughput|2147483648|rota.dispatcher.default.throughput must be an integer in 1..1000000, was '2147483648'",
        "rota.dispatcher.default.throughput|abc|rota.dispatcher.default.throughput must be an integer in 1..1000000, was 'abc'",
        "rota.dispatcher.default.throughput|''|rota.dispatcher.default.throughput must be an integer in 1..1000000, was ''",
        "rota.dispatcher.default.workers|0|rota.dispatcher.default.workers must be in 1..1024, was 0",
        "rota.dispatcher.default.workers|abc|rota.dispatcher.default.workers must be an integer in 1..1024, was 'abc'",
        "rota.dispatcher.default.kind|turbo|rota.dispatcher.default.kind names dispatcher kind 'turbo', which is not installed; installed: [calling-thread, executor, manual, pinned, work-stealing]",
        "rota.system.default.dispatcher|fast|rota.system.default.dispatcher names dispatcher 'fast', which is not configured; configured: [default]",
        "rota.system.default.mailbox|nope|rota.system.default.mailbox names mailbox 'nope', which is neither installed nor configured; known: [bounded, control-aware, early-recycling, per-sender-fair, picky, priority, racy, stable-priority, stalled, unbounded, unbounded-array]",
        "rota.mailbox.small.type|nope|rota.mailbox.small.type names mailbox type 'nope', which is not installed; installed: [bounded, control-aware, early-recycling, per-sender-fair, picky, priority, racy, stable-priority, stalled, unbounded, unbounded-array]",
        "rota.mailbox.bounded.capacity|0|rota.mailbox.bounded.capacity must be in 2..1073741824, was 0",
        "rota.mailbox.unbounded.capacity|8|unknown setting 'rota.mailbox.unbounded.capacity' (value '8'): mailboxes of type 'unbounded' accept type",
        "rota.dispatcher.default.starvationThresholdMs|-5|rota.dispatcher.default.starvationThresholdMs must be in 0..3600000, was -5",
        "rota.dispatcher.default.decorators|metering,tracing|rota.dispatcher.default.decorators names decorator 'tracing', which is not installed; installed: [metering]",
        "rota.pool.debug|maybe|rota.pool.debug must be true or false, was 'maybe'",
        "rota.pool.enabled|yes|rota.pool.enabled must be true or false, was 'yes'",
        "rota.dispatcher.default.wrkers|4|unknown setting 'rota.dispatcher.default.wrkers' (value '4'): dispatchers of kind 'work-stealing' accept kind, throughput, decorators, maxSpareWorkers, starvationThresholdMs, workers",
        "rota.system.nme|x|unknown setting 'rota.system.nme' (value 'x')",
        "rota.dispatcher.a.b.kind|executor|invalid dispatcher id 'a.b' in setting 'rota.dispatcher.a.b.…': use letters, digits, '-' and '_'",
    })
    void invalidSettingsFailCreateNamingKeyAndValue(String key, String value, String message) {
        Settings settings = Settings.of(Map.of(key, value));
        assertThatThrownBy(() -> ActorSystem.create("bad", settings))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @Test
    void invalidSystemNamesAreRejected() {
        assertThatThrownBy(() -> ActorSystem.create("has space", Settings.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("actor system name 'has space' is invalid");
        assertThatThrownBy(() -> ActorSystem.create(null, Settings.empty()))
                .isInstanceOf(NullPointerException.class).hasMessage("name");
    }

    @Test
    void spawningAfterTerminateIsRefused(ActorSystem system) throws Exception {
        system.terminate().toCompletableFuture().get();
        assertThatThrownBy(() -> system.spawn(Props.create(() -> context -> { }), "late"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("is terminating");
    }
}
