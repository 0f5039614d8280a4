import { FirstCover } from './first-cover';

// A product card's picture drawn by React from the early answer: the framework's floor for the product list's LCP.
export default function Picture() {
  return (
    <main>
      <h1>Products</h1>
      <FirstCover />
    </main>
  );
}
