// dramadex web page: the page works without this file; it only adds copy buttons and
// search-as-you-type (fetching the search page itself, never the JSON API).

function enableCopyButtons(root) {
  for (const button of root.querySelectorAll('button.copy')) button.hidden = false;
}

async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  // Plain http on another host has no clipboard API: copy through a selected, off-screen text area.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'visually-hidden';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

document.addEventListener('click', async (event) => {
  const button = event.target instanceof Element ? event.target.closest('button.copy') : null;
  if (!button) return;
  // The link is the entry's own text (shown for copying by hand without script).
  const link = button.closest('.work-link, .entry')?.querySelector('.link code')?.textContent ?? '';
  const label = button.firstChild;
  const original = label.textContent;
  try {
    await copyText(link);
    label.textContent = document.body.dataset.copied;
  } catch {
    label.textContent = document.body.dataset.copyFailed;
  }
  setTimeout(() => {
    label.textContent = original;
  }, 2000);
});

function searchAsYouType() {
  const results = document.getElementById('results');
  const form = document.querySelector('form.search');
  const input = document.getElementById('keyword');
  if (!results || !form || !input) return;
  let timer;
  let running;
  const update = async () => {
    if (input.value.trim() === '') return;
    const url = `/search?${new URLSearchParams(new FormData(form))}`;
    running?.abort();
    running = new AbortController();
    try {
      const response = await fetch(url, { signal: running.signal, headers: { accept: 'text/html' } });
      if (!response.ok && response.status !== 400) return; // 429: keep what is shown
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      const fresh = page.getElementById('results');
      if (!fresh) return;
      results.replaceChildren(...fresh.childNodes);
      enableCopyButtons(results);
      history.replaceState(null, '', url);
    } catch (error) {
      if (error.name !== 'AbortError') throw error;
    }
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(update, 300);
  };
  input.addEventListener('input', later);
  form.addEventListener('change', later);
}

enableCopyButtons(document);
searchAsYouType();
