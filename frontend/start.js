// The page's start: `server/build.rs` appends it to the JS glue that
// wasm-bindgen writes, after the export that holds the WASM's bytes, and
// writes the line before it that imports the glue's own namespace as
// `glue` (the minifier may rename the glue's local names, never its
// exports). It drops the lines that are comments and each line's
// indentation: write no comment after code on a line. The page loads the
// glue as its one module script, so this runs once the document is parsed
// and before `DOMContentLoaded`, and is cached with the glue instead of
// coming with every page.
//
// It instantiates the WASM from the bytes already in (nothing queues
// between the parse's end and the island), starts Leptos's islands
// runtime and hydrates each island. Leptos's own islands script waits for
// the browser to be idle and then walks every node of the document, which
// on a long page comes seconds late; one query finds them instead. A page
// without an island (its answers are recorded) is marked hydrated here,
// so `data-hydrated` means the same on every page.
//
// The names below are Leptos's island markup (`leptos_islands` in
// `app/src/page/shell.rs`) and the page's own (`main.page`,
// `data-hydrated`); a test there checks that they agree.
{
  glue.initSync({ module: glue.aide_wasm });
  glue.hydrate();
  const islands = document.querySelectorAll("leptos-island");
  for (const island of islands) {
    const name = island.getAttribute("data-component");
    const hydrate = glue[name];
    if (hydrate) hydrate(island);
    else console.error("aide: no island " + name);
  }
  if (islands.length === 0) document.querySelector("main.page")?.setAttribute("data-hydrated", "true");
}
