package io.github.rota.spi.jfr;

import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import jdk.jfr.SettingControl;

/**
 * The {@code sampleEvery} setting of Rota's frequent events: record one in {@code N} of them, at
 * random ({@code 1}, the default, records all). Where two recordings ask for different rates, the
 * lower {@code N} wins, so each gets at least what it asked for. JFR creates it; an event asks it
 * through its {@code sampleEvery} setting method as the event is about to be committed.
 *
 * <p>Threads: the setting is written by JFR's thread and read by every emitting thread; a volatile
 * int, so a change applies from the next event on.
 */
public final class SampleEvery extends SettingControl {

    private volatile int every = 1;

    /** Creates the setting at its default: record every event. */
    public SampleEvery() {
    }

    @Override
    public String combine(Set<String> values) {
        int lowest = Integer.MAX_VALUE;
        for (String value : values) {
            lowest = Math.min(lowest, parse(value));
        }
        return Integer.toString(lowest == Integer.MAX_VALUE ? 1 : lowest);
    }

    @Override
    public void setValue(String value) {
        every = parse(value);
    }

    @Override
    public String getValue() {
        return Integer.toString(every);
    }

    /** {@return whether this occurrence is one to record} */
    boolean sample() {
        int n = every;
        return n <= 1 || ThreadLocalRandom.current().nextInt(n) == 0;
    }

    /** A value JFR cannot be told is wrong (it ignores exceptions here): anything but a positive number means 1. */
    private static int parse(String value) {
        try {
            return Math.max(1, Integer.parseInt(value.trim()));
        } catch (NumberFormatException | NullPointerException e) {
            return 1;
        }
    }
}
