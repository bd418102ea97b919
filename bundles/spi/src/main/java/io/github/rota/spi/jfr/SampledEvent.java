package io.github.rota.spi.jfr;

import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.SettingDefinition;

/**
 * An event recorded one in {@code sampleEvery} times ({@link SampleEvery}). JFR asks the setting
 * twice per event, in {@code shouldCommit()} and again in {@code commit()}: the first answer is
 * kept, or the rate would be squared.
 */
abstract class SampledEvent extends Event {

    /** 0: not asked yet; 1: record; 2: skip. Confined to the emitting thread, like the event. */
    private transient byte sampled;

    /**
     * The {@code sampleEvery} setting: records one event in that many.
     *
     * @param control the setting
     * @return whether to record this one
     */
    @Name("sampleEvery")
    @Label("Sample Every")
    @Description("Record one in this many, at random (1: all)")
    @SettingDefinition
    protected boolean sampleEvery(SampleEvery control) {
        if (sampled == 0) {
            sampled = control.sample() ? (byte) 1 : (byte) 2;
        }
        return sampled == 1;
    }
}
