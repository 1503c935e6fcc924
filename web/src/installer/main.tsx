import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Client, fetchExchange, Provider } from 'urql';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { readConsoleConfig } from '../console-config';
import { InstallerPage } from './InstallerPage';
import '../styles.css';
import './installer.css';

// No session of ours: the status is public, and the generator lane's proof is the generator's token, sent per operation.
const graph = new Client({ url: readConsoleConfig().gatewayUrl, preferGetMethod: false, exchanges: [fetchExchange] });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <Provider value={graph}>
        <InstallerPage />
      </Provider>
    </ErrorBoundary>
  </StrictMode>,
);
