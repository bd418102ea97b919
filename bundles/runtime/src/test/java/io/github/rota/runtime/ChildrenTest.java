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

    /**
     * Against a map, through phases that fill the set to about 1,400 children and thin it to about
     * 100, so it grows and shrinks (below an eighth of its table) again and again, and is emptied
     * (its table dropped) and filled anew every fourth phase.
     */
    @Test
    void aSetThatAgreesWithAMapThroughRandomAddsAndRemovesAcrossGrowthShrinkingAndEmptying() {
        Children<Kid> children = new Children<>();
        Map<String, Kid> model = new HashMap<>();
        SplittableRandom random = new SplittableRandom(17);
        for (int phase = 0; phase < 40; phase++) {
            int addsInTwenty = phase % 2 == 0 ? 14 : 1;
            for (int step = 0; step < 10_000; step++) {
                String name = "a" + random.nextInt(2_000);
                if (random.nextInt(20) < addsInTwenty) {
                    Kid kid = new Kid(name);
                    if (model.containsKey(name)) {
                        assertThatThrownBy(() -> children.add(kid, parent)).isInstanceOf(IllegalArgumentException.class);
                    } else {
                        children.add(kid, parent);
                        model.put(name, kid);
                    }
                } else {
                    Kid present = model.get(name);
                    assertThat(children.remove(new Kid(name))).as("removing a namesake removes nothing")
                            .isEqualTo(model.isEmpty());
                    if (present != null) {
                        model.remove(name);
                        assertThat(children.remove(present)).isEqualTo(model.isEmpty());
                    }
                }
                assertThat(children.count()).isEqualTo(model.size());
                if (step % 499 == 0) {
                    assertAgree(children, model);
                }
            }
            assertAgree(children, model);
            if (phase % 4 == 3) {
                for (Kid kid : List.copyOf(model.values())) {
                    assertThat(children.contains(kid)).isTrue();
                    model.remove(kid.childName());
                    assertThat(children.remove(kid)).isEqualTo(model.isEmpty());
                    assertThat(children.contains(kid)).isFalse();
                }
                assertThat(children.count()).isZero();
                assertThat(children.snapshot()).isEmpty();
            }
        }
    }

    private static void assertAgree(Children<Kid> children, Map<String, Kid> model) {
        for (int probe = 0; probe < 2_000; probe++) {
            String name = "a" + probe;
            assertThat(children.get(name)).isSameAs(model.get(name));
        }
        List<Kid> snapshot = children.snapshot();
        assertThat(snapshot).hasSize(model.size());
        for (Kid kid : snapshot) {
            assertThat(model.get(kid.childName())).isSameAs(kid);
        }
    }

    /**
     * A stopping parent's children end in the order it listed them, which is the table's: with a
     * hash that keeps the order across resizes, the shrinking table packed everything left into one
     * run, and removing the last tenth of a million children took minutes (quadratic probing). The
     * timeout is for that hang, a hundred times what the removal takes, and runs on its own thread,
     * as a loop that probes never sees an interrupt.
     */
    @Test
    @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
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
