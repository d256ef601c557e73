// The client SDK a bundle includes as <script src="__luma/sdk.js"> (docs/forge.md "The SDK in a
// bundle"): window.luma with the record calls of /types/luma-sdk.d.ts (LumaRecordsByRef, as
// promises), each one a postMessage to the host page, which makes the call with the opening user's
// session and answers. The bundle never holds a token; the host judges every message.
export const FORGE_SDK_SCRIPT = `(function () {
  'use strict';
  var pending = new Map();
  var next = 0;
  var resolveReady;
  var ready = new Promise(function (resolve) { resolveReady = resolve; });
  var context = null;
  window.addEventListener('message', function (event) {
    if (event.source !== window.parent) return;
    var m = event.data;
    if (!m || typeof m !== 'object' || m.luma !== 1) return;
    if (m.type === 'hello') { context = m.context; resolveReady(context); return; }
    if (m.type !== 'reply') return;
    var call = pending.get(m.id);
    if (!call) return;
    pending.delete(m.id);
    if (m.ok) return call.resolve(m.value);
    var error = new Error((m.error && m.error.message) || 'unexpectedError');
    error.status = m.error && m.error.status;
    error.errors = m.error && m.error.errors;
    call.reject(error);
  });
  function call(method, args) {
    return ready.then(function () {
      return new Promise(function (resolve, reject) {
        var id = ++next;
        pending.set(id, { resolve: resolve, reject: reject });
        window.parent.postMessage({ luma: 1, type: 'call', id: id, method: method, args: args }, '*');
      });
    });
  }
  window.luma = {
    ready: ready,
    get context() { return context; },
    records: {
      list: function (params, ref) { return call('records.list', [params || {}, ref === undefined ? null : ref]); },
      get: function (uuid, ref) { return call('records.get', [uuid, ref === undefined ? null : ref]); },
      create: function (data, ref) { return call('records.create', [data, ref === undefined ? null : ref]); },
      update: function (uuid, data, version, ref) { return call('records.update', [uuid, data, version, ref === undefined ? null : ref]); }
    },
    /** Tells the host the template is done (a created or saved record): the host follows its screen's way on. */
    done: function (result) { return call('screen.done', [result === undefined ? null : result]); }
  };
  window.parent.postMessage({ luma: 1, type: 'ready' }, '*');
})();
`;
