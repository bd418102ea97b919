package io.github.rota.webconsole;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void commasGoBetweenMembersAndElementsAtEveryDepth() {
        Json json = new Json().beginObject().member("a", 1).name("b").beginArray().value(2).value("x")
                .beginObject().endObject().endArray().member("c", (String) null).endObject();
        assertThat(json).hasToString("{\"a\":1,\"b\":[2,\"x\",{}],\"c\":null}");
    }

    @Test
    void aWriterWrittenIntoAnotherIsOneValue() {
        Json json = new Json().beginArray().rawValue(new Json().beginObject().member("a", 1).endObject())
                .rawValue(new Json().beginArray().endArray()).endArray();
        assertThat(json).hasToString("[{\"a\":1},[]]");
    }

    @Test
    void stringsAreEscapedAndCannotCloseAScriptElement() {
        assertThat(new Json().value("say \"hi\"\\\n\t</script>\u0001"))
                .hasToString("\"say \\\"hi\\\"\\\\\\n\\t\\u003c/script\\u003e\\u0001\"");
    }
}
