import { questions } from 'virtual:zaehltest-content';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <p>{questions.length}</p>
  </StrictMode>,
);
