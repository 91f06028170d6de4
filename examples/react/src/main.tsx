import 'svc-elements/react'; // defines the elements, and types them in JSX
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { localDemo } from './local-demo';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App demo={await localDemo()} />
  </StrictMode>,
);
