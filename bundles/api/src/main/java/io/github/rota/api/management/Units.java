package io.github.rota.api.management;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import javax.management.DescriptorKey;

/**
 * The unit of an MXBean attribute, published in its descriptor as the standard {@code units} field
 * (e.g. {@code messages}, {@code actors}, {@code threads}), so consoles can label the value.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Units {

    /** {@return the unit, plural, lower case} */
    @DescriptorKey("units")
    String value();
}
