package io.github.rota.api.management;

import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/**
 * Rota's ObjectNames, for the MBeans it registers and for the JMX clients that look them up:
 * domain {@value #DOMAIN}, always with {@code type} and the system, so two systems (or a
 * restarting bundle) in one JVM never collide.
 *
 * @since 1.4
 */
public final class ObjectNames {

    /** The domain of every Rota MBean: {@value}. */
    public static final String DOMAIN = "io.github.rota";

    private ObjectNames() {
    }

    /**
     * The name of a dispatcher's MBean.
     *
     * @param system the actor system's name
     * @param id the dispatcher's id
     * @return {@code io.github.rota:type=Dispatcher,system=<system>,name=<id>}
     */
    public static ObjectName dispatcher(String system, String id) {
        return name(DispatcherMXBean.TYPE, system, id);
    }

    /**
     * The name of an actor system's MBean.
     *
     * @param system the actor system's name
     * @return {@code io.github.rota:type=ActorSystem,name=<system>}
     */
    public static ObjectName actorSystem(String system) {
        try {
            return new ObjectName(DOMAIN + ":type=" + ActorSystemMXBean.TYPE + ",name=" + value(system));
        } catch (MalformedObjectNameException e) {
            throw new IllegalArgumentException("cannot name the MBean of actor system " + system, e);
        }
    }

    /**
     * The name of a tracked actor's MBean.
     *
     * @param system the actor system's name
     * @param pathInSystem the actor's path below {@code rota://<system>/} ({@link io.github.rota.api.ActorMetrics#pathInSystem()})
     * @return {@code io.github.rota:type=Actor,system=<system>,path=<pathInSystem>}
     */
    public static ObjectName actor(String system, String pathInSystem) {
        try {
            return new ObjectName(DOMAIN + ":type=" + ActorMXBean.TYPE + ",system="
                    + value(system) + ",path=" + value(pathInSystem));
        } catch (MalformedObjectNameException e) {
            throw new IllegalArgumentException("cannot name the MBean of actor " + pathInSystem + " of " + system, e);
        }
    }

    /**
     * The name of an actor system's envelope pool MBean.
     *
     * @param system the actor system's name
     * @return {@code io.github.rota:type=EnvelopePool,system=<system>}
     */
    public static ObjectName envelopePool(String system) {
        return name(EnvelopePoolMXBean.TYPE, system, null);
    }

    private static ObjectName name(String type, String system, String name) {
        // From a string, so the keys keep this order when printed (consoles group by it).
        try {
            return new ObjectName(DOMAIN + ":type=" + type + ",system=" + value(system)
                    + (name == null ? "" : ",name=" + value(name)));
        } catch (MalformedObjectNameException e) {
            throw new IllegalArgumentException("cannot name the MBean of " + type + " " + name + " in " + system, e);
        }
    }

    /** Ids, system names and actor paths are plain words and '/'; quote anything else rather than fail. */
    private static String value(String raw) {
        return raw.matches("[A-Za-z0-9_./-]+") ? raw : ObjectName.quote(raw);
    }
}
