/**
 * The four-file demo workspace (W6 reset). The preview's visual tools rely on this markup:
 * `header.hero` with `.hero-title`/`.hero-subtitle`, `section.features` of `article.feature`
 * cards, and `:root { --accent: … }` at the top of `styles.css`.
 */
export interface WorkspaceSeedFile {
  path: string;
  text: string;
}

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Context-Action Studio</title>
    <link rel="stylesheet" href="styles.css" />
  </head>
  <body>
    <header class="hero">
      <h1 class="hero-title">Build it live</h1>
      <p class="hero-subtitle">Edit HTML, CSS and JavaScript with a person and a model side by side.</p>
      <button class="hero-action" type="button">Say hello</button>
    </header>
    <main>
      <section class="features">
        <article class="feature">
          <h3>One tool registry</h3>
          <p>Every edit, human or model, is a tool call you can trace and approve.</p>
        </article>
        <article class="feature">
          <h3>Sandboxed preview</h3>
          <p>Your page runs in an isolated frame that acknowledges each revision.</p>
        </article>
        <article class="feature">
          <h3>Never lose an edit</h3>
          <p>The workspace is saved in your browser and, when you link one, a local folder.</p>
        </article>
      </section>
    </main>
    <script src="app.js"></script>
  </body>
</html>
`;

const STYLES_CSS = `:root { --accent: #2563eb; }

* { box-sizing: border-box; }

body {
  margin: 0;
  font-family: system-ui, -apple-system, 'Segoe UI', sans-serif;
  color: #0f172a;
  background: #f8fafc;
}

.hero {
  padding: 4rem 1.5rem 3rem;
  text-align: center;
  color: #fff;
  background: linear-gradient(135deg, var(--accent), #0f172a);
}

.hero-title { margin: 0 0 0.5rem; font-size: clamp(2rem, 6vw, 3.25rem); }
.hero-subtitle { margin: 0 auto 1.5rem; max-width: 36rem; opacity: 0.9; }

.hero-action {
  padding: 0.6rem 1.4rem;
  border: 0;
  border-radius: 999px;
  font: inherit;
  color: var(--accent);
  background: #fff;
  cursor: pointer;
}

.features {
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  max-width: 60rem;
  margin: -1.5rem auto 3rem;
  padding: 0 1.5rem;
}

.feature {
  padding: 1.25rem;
  border-top: 4px solid var(--accent);
  border-radius: 0.75rem;
  background: #fff;
  box-shadow: 0 10px 30px rgb(15 23 42 / 0.08);
}

.feature h3 { margin: 0 0 0.4rem; }
.feature p { margin: 0; color: #475569; }
`;

const APP_JS = `const button = document.querySelector('.hero-action');
const title = document.querySelector('.hero-title');

button?.addEventListener('click', () => {
  title.textContent = 'Hello from app.js';
});
`;

const README_MD = `# Studio workspace

A small page to play with. Ask the agent to change the hero, add a feature card or switch
the accent colour, or edit \`index.html\`, \`styles.css\` and \`app.js\` yourself.
`;

/**
 * The starter files of a fresh or reset workspace: a small page with HTML, CSS, script and a
 * readme.
 */
export const DEFAULT_WORKSPACE_SEED: readonly WorkspaceSeedFile[] = Object.freeze([
  { path: 'index.html', text: INDEX_HTML },
  { path: 'styles.css', text: STYLES_CSS },
  { path: 'app.js', text: APP_JS },
  { path: 'README.md', text: README_MD },
]);
