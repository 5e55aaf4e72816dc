/** fastify's key for a plugin's name in its logs and errors (what fastify-plugin sets from `name`) */
const DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * Names one of our route plugins for fastify. An unnamed plugin is looked up among the exports of
 * every loaded CommonJS module on each registration (fastify's getPluginName), a cost that grows
 * with the process: in a test worker that builds hundreds of apps it was 7% of a suite's time.
 */
export function named<T extends (...args: never[]) => unknown>(plugin: T, name?: string): T {
  Object.defineProperty(plugin, DISPLAY_NAME, { value: name ?? (plugin.name || 'routes') });
  return plugin;
}
