package io.github.rota.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;
import org.openjdk.jol.vm.VM;

/**
 * The padding of the lock-free structures holds in the layout this JVM actually chose (read with
 * JOL): every field that threads other than its writer touch sits on a cache line of its own, away
 * from every other field and from the objects allocated before and after it. The JVM packs small
 * fields into gaps its superclasses left, so a padding scheme that looks right in the source can
 * still put two hot fields on one line. The classes are package-private in their bundles: they are
 * named here, and JOL reads them by reflection.
 */
class FieldLayoutTest {

    /** A cache line, in bytes. */
    private static final int LINE = 64;
    private static final Pattern PADDING = Pattern.compile("p[0-9a-f]+");

    @Test
    void eachFieldOtherThreadsTouchOfAWorkerHasACacheLineOfItsOwn() throws Exception {
        // What the turn runs (read only for the probe's reports) and the urgent ring position share the epoch's
        // line, read by thieves too; whether the worker naps shares the park state's, read by pushers too.
        assertOnLinesOfTheirOwn("io.github.rota.dispatcher.workstealing.Remote", List.of(List.of("turnEpoch", "urgentAt", "running"),
                List.of("next"), List.of("parkState", "napping"), List.of("linger0", "linger1")));
    }

    @Test
    void aWorkersOwnBookkeepingIsOffItsNeighboursLines() throws Exception {
        // Written at every take by its owner: the cores of a pool are allocated side by side.
        assertOnLinesOfTheirOwn("io.github.rota.dispatcher.workstealing.Core", List.of(List.of("takesUntilGlobalCheck",
                "localStreak", "lingerStreak", "lingerAccepted", "searching", "woken")));
    }

    @Test
    void theHeadAndTheTailOfAWorkersRingAreOnLinesOfTheirOwn() throws Exception {
        // The owner writes what it has cleared right after its own CAS of the head, on the line it then holds.
        assertOnLinesOfTheirOwn("io.github.rota.dispatcher.workstealing.LocalRing",
                List.of(List.of("head", "forgottenBelow"), List.of("tail")));
    }

    @Test
    void theTailAndTheSentinelOfTheDefaultMailboxAreALineApart() throws Exception {
        // A consumer draining on another core stores the sentinel once per message while producers swap
        // the tail. Only the two are kept apart: a line on each side of them would cost every actor
        // two more lines.
        ClassLayout layout = ClassLayout.parseClass(Class.forName("io.github.rota.mailbox.UnboundedMailbox"));
        FieldLayout tail = field(layout, "producerNode");
        FieldLayout sentinel = field(layout, "consumerNode");
        assertThat(gap(tail, sentinel)).as("bytes between the tail and the sentinel in\n%s", layout.toPrintable())
                .isGreaterThanOrEqualTo(LINE);
    }

    @Test
    void theEnqueueAndDequeuePositionsOfAnEnvelopeRingAreOnLinesOfTheirOwn() throws Exception {
        assertOnLinesOfTheirOwn("io.github.rota.pool.EnvelopeRing",
                List.of(List.of("enqueuePosition"), List.of("dequeuePosition")));
    }

    /**
     * What a million idle actors keep is a million of each of these: their sizes, as measured when
     * the retained bytes per actor were last cut (spawn-many, issue 17), are a ceiling. A field
     * added to the cell must take a gap or pay for itself elsewhere. Sizes for the JVM's default
     * layout: 12-byte headers and 4-byte references (compressed oops, a heap under 32 GB).
     */
    @Test
    void theObjectsEveryIdleActorKeepsAreNoLargerThanWhenTheyWereLastCut() throws Exception {
        assumeTrue(VM.current().objectHeaderSize() == 12 && VM.current().sizeOfField("java.lang.Object") == 4,
                "the default layout: 12-byte headers, 4-byte references");
        // The cell and its turn loop (which holds the system queue) together: 120 bytes of cell and
        // 24 of system queue when they were last cut, before the loop became an object of its own.
        assertInstanceSizesAtMost(List.of("io.github.rota.runtime.ActorCell", "io.github.rota.runtime.TurnLoop"), 144);
        // A tracked actor pays one reference, to its meter, and only it.
        assertInstanceSizesAtMost(List.of("io.github.rota.runtime.ActorCell", "io.github.rota.runtime.TrackedTurnLoop"), 152);
        assertInstanceSizeAtMost("io.github.rota.runtime.LocalActorRef", 24);
        // 24 bytes when last cut, and a line between its tail and its sentinel since (see above).
        assertInstanceSizeAtMost("io.github.rota.mailbox.UnboundedMailbox", 24 + LINE);
        assertInstanceSizeAtMost("io.github.rota.spi.pool.Envelope", 32);
    }

    private static void assertInstanceSizesAtMost(List<String> classNames, long bytes) throws Exception {
        long sum = 0;
        StringBuilder layouts = new StringBuilder();
        for (String className : classNames) {
            ClassLayout layout = ClassLayout.parseClass(Class.forName(className));
            sum += layout.instanceSize();
            layouts.append(layout.toPrintable());
        }
        assertThat(sum).as("bytes of each %s together:\n%s", classNames, layouts).isLessThanOrEqualTo(bytes);
    }

    private static void assertInstanceSizeAtMost(String className, long bytes) throws Exception {
        ClassLayout layout = ClassLayout.parseClass(Class.forName(className));
        assertThat(layout.instanceSize()).as("bytes of each %s:\n%s", className, layout.toPrintable()).isLessThanOrEqualTo(bytes);
    }

    /**
     * Each group of hot fields sits at least a line away from every field outside it, and from the
     * objects allocated before and after this one.
     */
    private static void assertOnLinesOfTheirOwn(String className, List<List<String>> groups) throws Exception {
        ClassLayout layout = ClassLayout.parseClass(Class.forName(className));
        List<FieldLayout> fields = layout.fields().stream().filter(f -> !PADDING.matcher(f.name()).matches()).toList();
        for (List<String> group : groups) {
            for (String name : group) {
                FieldLayout hot = fields.stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
                for (FieldLayout other : fields) {
                    if (!group.contains(other.name())) {
                        assertThat(gap(hot, other)).as("bytes between %s and %s in\n%s", name, other.name(), layout.toPrintable())
                                .isGreaterThanOrEqualTo(LINE);
                    }
                }
                assertThat(hot.offset()).as("bytes before %s (the previous object is just before the header)", name)
                        .isGreaterThanOrEqualTo(LINE);
                assertThat(layout.instanceSize() - (hot.offset() + hot.size())).as("bytes after %s", name)
                        .isGreaterThanOrEqualTo(LINE);
            }
        }
    }

    private static FieldLayout field(ClassLayout layout, String name) {
        return layout.fields().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    /** Bytes strictly between the two fields: at least a line, and they can never share one. */
    private static long gap(FieldLayout a, FieldLayout b) {
        return a.offset() < b.offset() ? b.offset() - (a.offset() + a.size()) : a.offset() - (b.offset() + b.size());
    }
}
