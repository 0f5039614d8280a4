// The empty page: Next's runtime and React's hydration of a few server-rendered words, no client component.
export default function Empty() {
  return (
    <main>
      <h1>FreshCart</h1>
      <p>Nothing here but the framework.</p>
    </main>
  );
}
