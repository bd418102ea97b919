/** The README's first example program. It needs only the API; the runtime is found as a service. */
module io.github.rota.example {
    requires io.github.rota.api;
}
