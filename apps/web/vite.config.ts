import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { rolldown } from 'rolldown';

/** The API server of `npm run dev` (apps/server on its default port). */
const apiTarget = 'http://127.0.0.1:3000';
const proxied = ['/api', '/media', '/resources', '/healthz', '/sandbox'];

/** Packages that every page needs, split out so they cache independently of app code. */
const vendorGroups: { name: string; test: RegExp }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  {
    name: 'i18n',
    test: /node_modules[\\/](i18next|react-i18next|i18next-browser-languagedetector)[\\/]/,
  },
  { name: 'state', test: /node_modules[\\/](@tanstack|zustand)[\\/]/ },
];

/**
 * The contract package mixes zod schemas (server-side validation) with constants and types; the
 * web only needs the constants, so unused modules of it (and zod) must drop out.
 */
const treeshake = {
  // Schema builders (z.object(...), z.enum(...)...) are pure: unused schemas drop out.
  manualPureFunctions: ['z'],
  moduleSideEffects: [
    { test: /packages[\\/](contract|rules)[\\/]/, sideEffects: false },
    { test: /node_modules[\\/]zod[\\/]/, sideEffects: false },
  ],
};

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes .br and .gz copies of every text asset so the server sends them precompressed
 * (@fastify/static preCompressed): no compression work per request, smallest transfer.
 */
function precompress(): Plugin {
  return {
    name: 'snapdrama-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = [...Object.keys(bundle), 'index.html'].filter((f) =>
        /\.(js|css|html|svg|json)$/.test(f),
      );
      await Promise.all(
        [...new Set(files)].map(async (file) => {
          const full = path.join(dir, file);
          const source = await readFile(full).catch(() => null);
          if (!source || source.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzipAsync(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * index.html paints an inline-styled splash; the app stylesheet is needed only when React first
 * renders (after the session and dictionary load), so it loads without blocking that first paint.
 * It is small and requested at the highest priority, long before the app script has run.
 */
function nonBlockingStylesheet(): Plugin {
  return {
    name: 'snapdrama-non-blocking-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<link rel="stylesheet" crossorigin href="([^"]+)">/g,
          `<link rel="preload" as="style" crossorigin href="$1" onload="this.onload=null;this.rel='stylesheet'"><noscript><link rel="stylesheet" crossorigin href="$1"></noscript>`,
        ),
    },
  };
}

/** the inline boot script's element id (scripts/check-bundle-size.mjs looks for it) */
const BOOT_SCRIPT_ID = 'snapdrama-boot';

/**
 * The boot script (src/boot) is bundled on its own into one script with no imports and written
 * into the viewers' page, inline, in place of the app's entry: it runs while the page is parsed,
 * sends a new browser's guest join (and a player link's drama info and episode start once the
 * join answers) while the app's code still downloads and evaluates, and runs the entry once the
 * first frame is painted (decision 0500). Inline, not a
 * file of its own: an `async` file ran only once downloaded, often behind the entry's evaluation.
 * The server's policy admits it by its hash, read from the built page (security-headers.ts). A
 * chunk of the app's build would import the constants it shares with the app from shared chunks,
 * and wait for them among the app's own downloads.
 */
function bootScript(): Plugin {
  let source = '';
  return {
    name: 'snapdrama-boot-script',
    apply: 'build',
    async buildStart() {
      const bundle = await rolldown({
        input: path.resolve(import.meta.dirname, 'src/boot/boot.ts'),
        platform: 'browser',
        treeshake,
      });
      try {
        const { output } = await bundle.generate({ format: 'iife', minify: true });
        if (output.length !== 1 || output[0].type !== 'chunk')
          throw new Error('the boot script must bundle into one file');
        source = output[0].code.trim();
      } finally {
        await bundle.close();
      }
      // inside <script>, only "</script" (or "<!--") could end or bend the element
      if (/<\/script|<!--/i.test(source))
        throw new Error('the boot script cannot be inlined: it contains </script or <!--');
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => {
        if (!ctx.filename.endsWith('index.html') || !ctx.bundle) return html;
        if (!source) throw new Error('the boot script is missing from the build');
        // the entry and the chunks it imports: not the page's modulepreload links but a list the
        // boot script asks for (boot.ts): at once, or on a player link whose first seconds it
        // plays, once they play (decision 0500, "The app's code after the first seconds")
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!entry) throw new Error("the app's entry script is missing from index.html");
        const preloads = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
        const imported = [...html.matchAll(preloads)].map((m) => m[1]);
        const code = [entry[1], ...imported.filter((file) => file !== entry[1])].join(' ');
        const player = playerCode(ctx.bundle).join(' ');
        const tag = `<script id="${BOOT_SCRIPT_ID}" data-entry="${entry[1]}" data-code="${code}" data-player="${player}">${source}</script>`;
        return html.replace(preloads, '').replace(entry[0], tag);
      },
    },
  };
}

/** the chunk of hls.js and the player's set-up of it (shared/video/hls-engine.ts) */
const HLS_CHUNK = 'hls-engine';

/** the player page's module, the route a deep link opens */
const PLAYER_PAGE = /[\\/]src[\\/]features[\\/]player[\\/]player-page\.tsx$/;
/**
 * the For You feed's page, which shares the slider, the swipe and hls.js's set-up with the player
 * and nothing of them with the other pages: what only the two share stays out of `ROUTE_SHARED`
 */
const FORYOU_PAGE = /[\\/]src[\\/]features[\\/]foryou[\\/]foryou-page\.tsx$/;

/**
 * The files a player link needs beyond the entry's: the player page's chunk, the chunks it
 * imports that the entry does not (`ROUTE_SHARED` among them), their stylesheets, and hls.js.
 * The boot script asks for them once the episode start has answered (boot-code.ts).
 */
function playerCode(bundle: Rollup.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: Rollup.OutputChunk) => {
    const seen = new Set<string>();
    const visit = (chunk: Rollup.OutputChunk | undefined) => {
      if (!chunk || seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      chunk.imports.forEach((file) => visit(byFile.get(file)));
    };
    visit(start);
    return seen;
  };
  const main = chunks.find((c) => c.isEntry && c.name === 'main');
  const page = chunks.find((c) => c.facadeModuleId && PLAYER_PAGE.test(c.facadeModuleId));
  if (!main || !page) throw new Error("the build has no main entry or no player page's chunk");
  const loaded = closure(main);
  if (chunks.some((c) => c.name === ROUTE_SHARED && loaded.has(c.fileName)))
    throw new Error(
      `the app's entry imports the ${ROUTE_SHARED} chunk: it must load with its pages`,
    );
  const own = [...closure(page)].filter((file) => !loaded.has(file));
  // hls.js, loaded on demand (load-hls.ts) by whichever of the player's modules asks first, or by
  // a cold deep link's start (player-start.ts)
  const hls = chunks.filter((c) => c.name === HLS_CHUNK).map((c) => c.fileName);
  if (hls.length !== 1) throw new Error("the player's hls.js chunk is missing");
  const styles = own.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
  // the page's chunk and hls.js, the largest, first: six connections share the rest
  const [first, ...rest] = own;
  return [first, ...hls, ...rest, ...styles].map((file) => `/${file}`);
}

/** the viewers' app's own entry module (index.html's script) */
const MAIN_MODULE = /[\\/]src[\\/]main\.tsx$/;
/** the main page, which loads with the entry (scripts/check-bundle-size.mjs counts it too) */
const MAIN_PAGE = /[\\/]src[\\/]features[\\/]catalog[\\/]main-page\.tsx$/;
/** the chunk of the modules the player page shares with other pages (`routeShared`) */
const ROUTE_SHARED = 'route-shared';

/**
 * Gathers the modules the player page shares with the app's other lazy pages, and not with the
 * entry or the main page, into one chunk (`ROUTE_SHARED`). Left to itself the bundler cuts them
 * into a chunk per set of pages that share them: the player's route came to a dozen files, most
 * under 6 KB, and over HTTP/1.1 (six connections to a host) a deep link waited for the last of
 * them (decision 0500, "The player's code from the boot script"). Modules only the player uses
 * stay in its own chunk. The set is read off the module graph once it is complete (`buildEnd`),
 * before chunks are made; `test` reads it then.
 */
function routeShared(): { plugin: Plugin; test: (id: string) => boolean } {
  const shared = new Set<string>();
  const plugin: Plugin = {
    name: 'snapdrama-route-shared',
    apply: 'build',
    buildEnd() {
      const reach = (from: string[]) => {
        const seen = new Set<string>();
        const stack = [...from];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const main = ids.find((id) => MAIN_MODULE.test(id));
      const mainPage = ids.find((id) => MAIN_PAGE.test(id));
      const page = ids.find((id) => PLAYER_PAGE.test(id));
      if (!main || !mainPage || !page) throw new Error('the build has no app entry or page');
      // what the entry and the main page load: the group must not make them load more
      const initial = reach([main, mainPage]);
      const otherPages = ids
        .flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
        .filter((id) => id !== page && !FORYOU_PAGE.test(id));
      const elsewhere = reach(otherPages);
      shared.clear();
      for (const id of reach([page])) {
        if (id !== page && !initial.has(id) && elsewhere.has(id)) shared.add(id);
      }
    },
  };
  return { plugin, test: (id) => shared.has(id) };
}
const routeSharedGroup = routeShared();

/**
 * The chunks a cold start runs at once: the entry, its vendor groups, the player (with what it
 * shares with other pages) and hls.js.
 */
const EAGER_CHUNKS = /^(main|react|state|i18n|api|player-page|route-shared|hls-engine)$/;

/**
 * Marks the chunks a cold start runs at once with V8's explicit compile hint
 * (`//# allFunctionsCalledOnLoad`): their functions compile on the background thread while the
 * file streams in, instead of one by one on the main thread when first called (decision 0500,
 * "Compile hints"). Browsers without the hint read a comment.
 */
function compileHints(): Plugin {
  return {
    name: 'snapdrama-compile-hints',
    apply: 'build',
    // on the written files, before they are compressed: Vite rewrites the chunks (its preload map
    // goes first) after every plugin's generateBundle
    writeBundle: {
      sequential: true,
      order: 'pre',
      async handler(options, bundle) {
        const dir = options.dir ?? 'dist';
        await Promise.all(
          Object.values(bundle)
            .filter((chunk) => chunk.type === 'chunk' && EAGER_CHUNKS.test(chunk.name))
            .map(async (chunk) => {
              const file = path.join(dir, chunk.fileName);
              await writeFile(
                file,
                `//# allFunctionsCalledOnLoad\n${await readFile(file, 'utf8')}`,
              );
            }),
        );
      },
    },
  };
}

/**
 * The operator console is a page of its own (admin.html, docs/decisions/1202): the dev server
 * answers /admin and everything under it with that page, as the API server does in production.
 */
function consolePage(): Plugin {
  return {
    name: 'snapdrama-console-page',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const url = request.url ?? '';
        if (/^\/admin(\/|\?|$)/.test(url) && !/\.\w+(\?|$)/.test(url.split('?')[0] ?? '')) {
          request.url = '/admin.html';
        }
        next();
      });
    },
  };
}

/**
 * React Router's package sends every bundler to its development build, whose development warnings
 * are switched on and run on every render (remix-run/react-router#14102); the build takes the
 * production build it ships beside it, the same code with those warnings off.
 */
function reactRouterProduction(): Plugin {
  const packageDir = path.dirname(
    createRequire(import.meta.url).resolve('react-router/package.json'),
  );
  return {
    name: 'snapdrama-react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^react-router$/,
            replacement: path.join(packageDir, 'dist/production/index.mjs'),
          },
        ],
      },
    }),
  };
}

export default defineConfig({
  plugins: [
    react(),
    reactRouterProduction(),
    routeSharedGroup.plugin,
    compileHints(),
    precompress(),
    nonBlockingStylesheet(),
    bootScript(),
    consolePage(),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: read by scripts/check-bundle-size.mjs
    manifest: true,
    target: 'es2022',
    // hls.js (~580 kB) is the largest chunk and loads only on the player page.
    chunkSizeWarningLimit: 650,
    rolldownOptions: {
      // the viewers' app and the operator console: two pages, no code of the console in the first
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        admin: path.resolve(import.meta.dirname, 'admin.html'),
      },
      treeshake,
      output: {
        // hls.js and swiper are deliberately absent: they are dynamic imports of the player page
        // and get chunks of their own, never part of the initial bundle.
        codeSplitting: {
          groups: [
            ...vendorGroups.map((group) => ({ ...group, priority: 10 })),
            {
              name: ROUTE_SHARED,
              test: routeSharedGroup.test,
              priority: 5,
              // their dependencies are the entry's or shared as well: none is pulled in with them
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
