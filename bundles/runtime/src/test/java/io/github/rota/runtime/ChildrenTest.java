package io.github.rota.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.api.Settings;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ChildrenTest {

    /** A child is anything with a name; two instances with one name are different children. */
    private static final class Kid implements Children.Child {
        private final String name;

        Kid(String name) {
            this.name = name;
        }

        @Override
        public String childName() {
            return name;
        }
    }

    private static ActorSystem system;
    private static ActorRef<Object> parent;

    /** A refusal names the parent: a real one, for its path. */
    @BeforeAll
    static void start() {
        system = ActorSystem.create("children", Settings.empty());
        parent = system.spawn(Props.create(() -> (Actor<Object>) context -> { }), "parent");
    }

    @AfterAll
    static void stop() throws Exception {
        system.terminate().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    @Test
    void aSetThatAgreesWithAMapThroughRandomAddsAndRemovesAcrossGrowthAndShrinking() {
        Children<Kid> children = new Children<>();
        Map<String, Kid> model = new HashMap<>();
        SplittableRandom random = new SplittableRandom(17);
        for (int step = 0; step < 400_000; step++) {
            // Phases that grow to thousands of children and shrink back, so both resizes run many times.
            boolean growing = (step / 40_000) % 2 == 0;
            String name = "a" + random.nextInt(20_000);
            if (random.nextInt(10) < (growing ? 7 : 2)) {
                Kid kid = new Kid(name);
                if (model.containsKey(name)) {
                    assertThatThrownBy(() -> children.add(kid, parent)).isInstanceOf(IllegalArgumentException.class);
                } else {
                    children.add(kid, parent);
                    model.put(name, kid);
                }
            } else {
                Kid present = model.get(name);
                Kid other = new Kid(name);
                assertThat(children.remove(other)).as("removing a namesake removes nothing")
                        .isEqualTo(model.isEmpty());
                if (present != null) {
                    model.remove(name);
                    assertThat(children.remove(present)).isEqualTo(model.isEmpty());
                }
            }
            assertThat(children.count()).isEqualTo(model.size());
            if (step % 997 == 0) {
                for (int probe = 0; probe < 20_000; probe += 7) {
                    String probeName = "a" + probe;
                    assertThat(children.get(probeName)).isSameAs(model.get(probeName));
                }
                List<Kid> snapshot = children.snapshot();
                assertThat(snapshot).hasSize(model.size());
                for (Kid kid : snapshot) {
                    assertThat(model.get(kid.childName())).isSameAs(kid);
                }
            }
        }
        for (Kid kid : List.copyOf(model.values())) {
            assertThat(children.contains(kid)).isTrue();
            children.remove(kid);
            assertThat(children.contains(kid)).isFalse();
        }
        assertThat(children.count()).isZero();
        assertThat(children.snapshot()).isEmpty();
    }

    /**
     * A stopping parent's children end in the order it listed them, which is the table's: with a
     * hash that keeps the order across resizes, the shrinking table packed everything left into one
     * run, and removing the last tenth of a million children took minutes (quadratic probing). The
     * timeout is for that hang, a hundred times what the removal takes.
     */
    @Test
    @Timeout(30)
    void aMillionChildrenEndingInTheOrderTheParentListedThemLeaveProbingShort() {
        Children<Kid> children = new Children<>();
        for (int i = 0; i < 1_000_000; i++) {
            children.add(new Kid("a" + i), parent);
        }
        List<Kid> listed = children.refuseNew();
        for (int i = 0; i < listed.size(); i++) {
            assertThat(children.remove(listed.get(i))).isEqualTo(i == listed.size() - 1);
        }
        assertThat(children.count()).isZero();
    }

    @Test
    void aNamesakeIsNotTheChildOfThatName() {
        Children<Kid> children = new Children<>();
        Kid first = new Kid("worker");
        children.add(first, parent);
        Kid namesake = new Kid("worker");

        assertThat(children.contains(first)).isTrue();
        assertThat(children.contains(namesake)).isFalse();
        assertThat(children.remove(namesake)).isFalse();
        assertThat(children.get("worker")).isSameAs(first);
    }

    @Test
    void aStoppingParentRefusesNewChildrenAndChangesNothing() {
        Children<Kid> children = new Children<>();
        Kid kid = new Kid("one");
        children.add(kid, parent);

        assertThat(children.refuseNew()).containsExactly(kid);
        assertThatThrownBy(() -> children.add(new Kid("two"), parent))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("is stopping");
        assertThat(children.snapshot()).containsExactly(kid);
        assertThat(children.remove(kid)).isTrue();
    }

    @Test
    @SuppressWarnings("unchecked")
    void theSharedSetOfLeafActorsThatStoppedIsEmptyAndRefuses() {
        Children<Kid> none = Children.NONE_AND_REFUSING;

        assertThat(none.refuseNew()).isEmpty();
        assertThat(none.remove(new Kid("x"))).isTrue();
        assertThatThrownBy(() -> none.add(new Kid("x"), parent)).isInstanceOf(IllegalStateException.class);
        assertThat(none.count()).isZero();
        assertThat(none.get("x")).isNull();
    }
}
