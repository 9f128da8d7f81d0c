/**
 * The contract between a dependency and `/api/health`: each component that holds a link to something
 * outside the process (the database, Redis) hands the composition root a probe, and the health route only
 * runs them. It lives here, below every component, so none of them has to import a route module for it.
 */

/** A dependency health reports on: a name (`database`, `redis`) and a round trip that may fail. */
export interface HealthProbe {
  name: string;
  check(): Promise<void>;
  /**
   * False for a dependency the service can answer without (Redis: limits fall back to memory): its
   * failure reports `degraded` with 200, so a load balancer does not pull every instance at once.
   */
  critical?: boolean;
}
