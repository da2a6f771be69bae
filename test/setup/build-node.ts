// vitest global setup: bundle the Node side once so tests can spawn the CLI, the web host and worker threads.
export default async function setup() {
  // @ts-expect-error plain ESM build script without types
  const { buildNode } = await import('../../scripts/build-node.mjs');
  await buildNode({ electron: false });
}
