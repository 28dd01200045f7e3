// The background jobs in the app's lifecycle: started when the app is ready, stopped (each waiting for its round in
// flight) when it closes, before the database. The jobs themselves are in server/jobs/.
import fp from "fastify-plugin";
import { shopJobs } from "../jobs/index.ts";
import { startJob, type RunningJob } from "../ops/job-runner.ts";

export const jobsPlugin = fp(
  async (app) => {
    let running: RunningJob[] = [];
    app.addHook("onReady", async () => {
      running = shopJobs(app.deps, app.log).map((job) => startJob(job, { db: app.deps.db, log: app.log }));
    });
    app.addHook("onClose", async () => {
      await Promise.all(running.map((job) => job.stop()));
    });
  },
  { name: "jobs" },
);
