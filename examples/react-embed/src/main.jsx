import { CadenceProvider, Calendar, Gantt } from '@cadence/widgets';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

// The host's own settings; in a real app the token would come from its sign-in.
const apiUrl = import.meta.env.VITE_CADENCE_URL ?? 'http://localhost:8787';
const accessKey = import.meta.env.VITE_CADENCE_ACCESS_KEY ?? '';

function App() {
  const [view, setView] = useState('planning');
  if (!accessKey) {
    return <p>Set VITE_CADENCE_ACCESS_KEY (a read-only key: <code>cadence keys create --read-only</code>) and restart.</p>;
  }
  return (
    <main style={{ fontFamily: 'Georgia, serif', maxWidth: 1100, margin: '2rem auto' }}>
      <h1>Our React intranet</h1>
      <label>
        Schedule{' '}
        <select value={view} onChange={(e) => setView(e.target.value)}>
          <option value="planning">Planning</option>
          <option value="live">Live</option>
        </select>
      </label>
      {/* One provider for every widget: one client, one realtime socket, one query cache. */}
      <CadenceProvider apiUrl={apiUrl} accessKey={accessKey}>
        <Calendar key={`calendar-${view}`} view={view} />
        <Gantt key={`gantt-${view}`} view={view} range="quarter" />
      </CadenceProvider>
    </main>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
