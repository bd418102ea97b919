package io.github.rota.dispatcher.workstealing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.spi.dispatch.Schedulable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class LocalRingTest {

    /** A schedulable that only carries a number. */
    private record Item(int n) implements Schedulable {
        @Override
        public boolean runTurn(io.github.rota.spi.dispatch.Turn turn) {
            return false;
        }
    }

    private final LocalRing ring = new LocalRing();

    @Test
    void ownerPopsInPushOrder() {
        for (int i = 0; i < 10; i++) {
            assertThat(ring.push(new Item(i))).isTrue();
        }
        assertThat(ring.size()).isEqualTo(10);
        for (int i = 0; i < 10; i++) {
            assertThat(ring.pop()).isEqualTo(new Item(i));
        }
        assertThat(ring.pop()).isNull();
        assertThat(ring.isEmpty()).isTrue();
    }

    @Test
    void aFullRingRefusesPushes() {
        for (int i = 0; i < LocalRing.DEFAULT_CAPACITY; i++) {
            assertThat(ring.push(new Item(i))).isTrue();
        }
        assertThat(ring.push(new Item(-1))).isFalse();
        assertThat(ring.size()).isEqualTo(LocalRing.DEFAULT_CAPACITY);
        assertThat(ring.pop()).isEqualTo(new Item(0));
        assertThat(ring.push(new Item(LocalRing.DEFAULT_CAPACITY))).as("room again after a pop").isTrue();
    }

    @Test
    void stealTakesTheOlderHalfRoundedUp() {
        for (int i = 0; i < 5; i++) {
            ring.push(new Item(i));
        }
        LocalRing thief = new LocalRing();
        assertThat(ring.stealHalfInto(thief)).isEqualTo(3);
        assertThat(List.of(thief.pop(), thief.pop(), thief.pop())).containsExactly(new Item(0), new Item(1), new Item(2));
        assertThat(List.of(ring.pop(), ring.pop())).containsExactly(new Item(3), new Item(4));
        assertThat(ring.stealHalfInto(thief)).as("nothing to steal").isZero();

        ring.push(new Item(9));
        assertThat(ring.stealHalfInto(thief)).as("one item: the thief takes it").isEqualTo(1);
        assertThat(thief.pop()).isEqualTo(new Item(9));
    }

    @Test
    void aPoppedActorIsNoLongerReferencedByTheRing() {
        ring.push(new Item(1));
        ring.push(new Item(2));
        assertThat(ring.pop()).isEqualTo(new Item(1));
        assertThat(ring.slots).as("a stopped actor must not stay reachable from a worker's ring")
                .doesNotContain(new Item(1)).containsOnlyOnce(new Item(2));
    }

    @Test
    void actorsStolenFromTheRingAreLetGoOnceItsOwnerFindsItEmpty() {
        for (int i = 0; i < 4; i++) {
            ring.push(new Item(i));
        }
        LocalRing thief = new LocalRing();
        assertThat(ring.stealHalfInto(thief)).isEqualTo(2);
        assertThat(List.of(ring.pop(), ring.pop())).containsExactly(new Item(2), new Item(3));
        assertThat(ring.pop()).isNull();
        assertThat(ring.slots).as("the victim's copies of stolen actors").containsOnlyNulls();
        assertThat(List.of(thief.pop(), thief.pop())).containsExactly(new Item(0), new Item(1));
        assertThat(thief.slots).containsOnlyNulls();
    }

    @Test
    void clearingNeverTouchesASlotThatHoldsALiveActorAgain() {
        LocalRing small = new LocalRing(4);
        LocalRing thief = new LocalRing(4);
        for (int i = 0; i < 4; i++) {
            small.push(new Item(i));
        }
        small.stealHalfInto(thief); // positions 0 and 1 leave without their owner
        small.pop();
        small.pop();
        for (int i = 4; i < 8; i++) {
            assertThat(small.push(new Item(i))).isTrue(); // a full ring again, over the stolen slots
        }
        assertThat(small.pop()).isEqualTo(new Item(4));
        assertThat(List.of(small.pop(), small.pop(), small.pop())).containsExactly(new Item(5), new Item(6), new Item(7));
    }

    @Test
    void concurrentPopsAndStealsTakeEveryElementExactlyOnce() throws InterruptedException {
        int total = 2_000_000;
        AtomicIntegerArray taken = new AtomicIntegerArray(total);
        AtomicBoolean done = new AtomicBoolean();
        List<Thread> thieves = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            thieves.add(new Thread(() -> {
                LocalRing own = new LocalRing();
                while (!done.get() || !ring.isEmpty()) {
                    if (ring.stealHalfInto(own) == 0) {
                        Thread.onSpinWait();
                    }
                    for (Schedulable s = own.pop(); s != null; s = own.pop()) {
                        taken.incrementAndGet(((Item) s).n());
                    }
                }
            }));
        }
        thieves.forEach(Thread::start);
        int next = 0;
        while (next < total) {
            if (ring.push(new Item(next))) {
                next++;
            }
            if ((next & 3) == 0) {
                Schedulable s = ring.pop();
                if (s != null) {
                    taken.incrementAndGet(((Item) s).n());
                }
            }
        }
        done.set(true);
        for (Schedulable s = ring.pop(); s != null; s = ring.pop()) {
            taken.incrementAndGet(((Item) s).n());
        }
        for (Thread thief : thieves) {
            thief.join();
        }
        for (int i = 0; i < total; i++) {
            if (taken.get(i) != 1) {
                throw new AssertionError("element " + i + " taken " + taken.get(i) + " times");
            }
        }
    }
}
