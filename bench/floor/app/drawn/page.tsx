// A product card's picture drawn by the head script from the early answer, outside React's tree, while Next's
// runtime loads and hydrates this page: the floor of a data page with an early paint (the storefront's way).
export default function Drawn() {
  return (
    <main>
      <h1>Products</h1>
    </main>
  );
}
