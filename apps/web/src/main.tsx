import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HomePage } from './app/home-page';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <HomePage />
  </StrictMode>,
);
