package io.github.rota.dispatcher.osgi;

import io.github.rota.api.Settings;
import io.github.rota.spi.dispatch.DispatcherSpec;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.AttributeType;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.osgi.service.metatype.annotations.Option;

/**
 * Metatype of the factory configuration {@value DispatcherComponent#PID}: one configuration per
 * named dispatcher. The attribute ids are the keys of {@code rota.dispatcher.<id>.<key>} on the
 * module path. The component reads the raw values and checks them itself (see
 * {@link io.github.rota.spi.dispatch.DispatcherSpec}), so a bad value is reported by name and
 * changes nothing.
 */
@ObjectClassDefinition(name = "Rota dispatcher",
        description = "One named dispatcher of the Rota actor runtime: actors select it by id.")
@interface DispatcherMetatype {

    @AttributeDefinition(name = "Id", description = "The id actors select this dispatcher by "
            + "(letters, digits, '-' and '_'). The system's default dispatcher is 'default'.")
    String id() default Settings.DEFAULT_DISPATCHER_ID;

    @AttributeDefinition(name = "Kind", description = "work-stealing: the pool of workers with local ready "
            + "queues (default); executor: a JDK ForkJoinPool; pinned: one thread per actor, for actors that block.",
            options = {
                @Option(label = "Work-stealing pool", value = DispatcherSpec.WORK_STEALING),
                @Option(label = "Executor (ForkJoinPool)", value = "executor"),
                @Option(label = "Pinned (thread per actor)", value = "pinned")
            })
    String kind() default DispatcherSpec.DEFAULT_KIND;

    @AttributeDefinition(name = "Throughput budget", min = "1", max = "1000000",
            description = "User messages an actor may handle per turn before the worker moves on. "
                    + "Applies live, from the next turn.")
    int throughput() default 32;

    @AttributeDefinition(name = "Workers", min = "1", max = "32767", required = false,
            description = "Worker threads (work-stealing: 1..1024, executor: 1..32767). "
                    + "Unset: max(available processors, 2). A change replaces the dispatcher.")
    int workers();

    @AttributeDefinition(name = "Starvation threshold (ms)", min = "0", required = false,
            description = "work-stealing: report a worker stuck in one turn this long (0: no reports). "
                    + "Default 1000.")
    int starvationThresholdMs();

    @AttributeDefinition(name = "Spare workers", min = "0", max = "32767", required = false,
            description = "work-stealing, executor: threads the pool may start beyond its workers, so that turns "
                    + "inside context.blocking(...) do not take its parallelism (0: none). Default 256.")
    int maxSpareWorkers();

    @AttributeDefinition(name = "Keep-alive (ms)", min = "0", required = false,
            description = "pinned: how long an idle actor's thread waits for its next message. Default 60000.")
    int keepAliveMs();

    @AttributeDefinition(name = "Decorators", type = AttributeType.STRING, required = false,
            description = "Comma-separated decorators wrapping the dispatcher, innermost first (e.g. metering).")
    String decorators();
}
