import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { questions } from 'virtual:zaehltest-content';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <p>{questions.length}</p>
  </StrictMode>,
);
