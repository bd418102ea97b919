package io.github.rota.spi.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.rota.spi.dispatch.Dispatcher;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ForwardingDispatcherTest {

    @Test
    void everyDispatcherMethodIsForwardedDefaultMethodsToo() {
        List<String> notForwarded = Arrays.stream(Dispatcher.class.getMethods())
                .filter(m -> !Modifier.isStatic(m.getModifiers()))
                .filter(m -> !declaresItself(m))
                .map(Method::getName)
                .collect(Collectors.toList());
        assertThat(notForwarded).as("Dispatcher methods a decorator would silently drop").isEmpty();
    }

    private static boolean declaresItself(Method method) {
        try {
            return ForwardingDispatcher.class.getDeclaredMethod(method.getName(), method.getParameterTypes()) != null;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }
}
