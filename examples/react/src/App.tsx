import { useState } from 'react';
// Defines every <ca-*> element and exports the runtime factory.
import { createStudioRuntime } from '@context-action/elements';

// One runtime shared by the standalone editor and preview below.
const runtime = createStudioRuntime();

export function App() {
  const [catalogOpen, setCatalogOpen] = useState(false);
  const [mounted, setMounted] = useState(true);
  const [lastDecision, setLastDecision] = useState('none');

  return (
    <main>
      <button id="toggle-catalog" onClick={() => setCatalogOpen(!catalogOpen)}>
        Tools panel
      </button>
      <button id="toggle-mount" onClick={() => setMounted(!mounted)}>
        Mount studio
      </button>
      <output id="last-event">{lastDecision}</output>
      {mounted && (
        <ca-studio
          database-name="example-react"
          preview-shell="/preview-shell.html"
          catalog-open={catalogOpen}
          onca-approval-decide={(event) =>
            setLastDecision(`${event.detail.toolName} ${event.detail.decision}`)
          }
          onca-trace-clear={() => setLastDecision('trace cleared')}
        ></ca-studio>
      )}
      <section id="composed">
        <ca-editor runtime={runtime}></ca-editor>
        <ca-preview runtime={runtime} preview-shell="/preview-shell.html"></ca-preview>
      </section>
    </main>
  );
}
