// JavaScript evaluated inside QuickJS (never in the host). It is evaluated first in every fresh
// context, before the libraries, and evaluates to the function the host calls for the run:
//   run(wrapperSource, argsJson, lodash, dayjs, hostNamesJson, contextIndex, hostFn, logFn)
//     -> 'R' + resultJson | 'E' + message | 'P' (an async script: the host runs the pending jobs,
//        then run.settle() answers 'R' or 'E' as above)
// Everything the host receives is one string; the host parses the JSON itself.

/** Array-likes longer than this are refused by the guarded Array methods (see below). */
export const MAX_GENERIC_LENGTH = 10_000_000;

/** Thrown messages are cut to this many characters. */
export const MAX_MESSAGE_CHARS = 1000;

/** One console call's text is cut to this many characters before it leaves the sandbox. */
export const MAX_LOG_MESSAGE_CHARS = 16_384;

export const HARNESS_SOURCE = `(function () {
  'use strict';
  var global = globalThis;
  var JSONstringify = JSON.stringify, JSONparse = JSON.parse, geval = global.eval;
  var isArray = Array.isArray, getProto = Object.getPrototypeOf, ObjectProto = Object.prototype;
  var defineProperty = Object.defineProperty, apply = Reflect.apply, StringCtor = String;
  var numberIsFinite = Number.isFinite, MathMin = Math.min, MathFloor = Math.floor;
  var RangeErrorCtor = RangeError, spreadable = Symbol.isConcatSpreadable;
  var MAX_LENGTH = ${MAX_GENERIC_LENGTH}, MAX_MESSAGE = ${MAX_MESSAGE_CHARS};

  // Nothing ambient: QuickJS defines none of these, and none may appear.
  var ambient = ['process', 'require', 'module', 'exports', 'global', 'fetch', 'XMLHttpRequest', 'WebSocket',
    'setTimeout', 'setInterval', 'setImmediate', 'clearTimeout', 'clearInterval', 'queueMicrotask',
    'importScripts', 'std', 'os', 'Deno', 'Bun', 'console', 'print', 'scriptArgs'];
  for (var a = 0; a < ambient.length; a++) delete global[ambient[a]];

  // Some builtins walk an array-like's whole length in C, where the interrupt handler never runs
  // (Array.prototype.indexOf.call({ length: 2 ** 40 }) would hang the thread). Their guarded
  // versions refuse lengths no real array within the memory limit can have.
  function lengthOf(o) {
    var n = +o.length;
    return n > 0 ? MathMin(MathFloor(n), 9007199254740991) : 0;
  }
  function tooLong(name) {
    return new RangeErrorCtor('Array.prototype.' + name + ': length exceeds ' + MAX_LENGTH);
  }
  var AP = Array.prototype;
  function guard(name, check) {
    var original = AP[name];
    if (typeof original !== 'function') return;
    var guarded = {
      [name]: function () {
        if (this !== null && this !== undefined && lengthOf(Object(this)) > MAX_LENGTH) throw tooLong(name);
        if (check) check(arguments);
        return apply(original, this, arguments);
      },
    }[name];
    defineProperty(guarded, 'length', { value: original.length });
    defineProperty(AP, name, { value: guarded, writable: true, configurable: true, enumerable: false });
  }
  ['indexOf', 'lastIndexOf', 'includes', 'join', 'toLocaleString', 'reverse', 'copyWithin', 'fill',
   'forEach', 'map', 'filter', 'some', 'every', 'reduce', 'reduceRight', 'find', 'findIndex', 'findLast',
   'findLastIndex', 'sort', 'splice', 'slice', 'shift', 'unshift', 'toReversed', 'toSorted', 'toSpliced',
   'with', 'keys', 'values', 'entries'].forEach(function (name) { guard(name); });
  // Array iterators (also reachable through arguments[Symbol.iterator], which keeps the original
  // values function) step in C; stepping through JavaScript lets the interrupt handler run, so
  // new Set(arguments[Symbol.iterator].call(Array(2 ** 32 - 1))) and .drop(2 ** 40) end at the deadline.
  defineProperty(AP, Symbol.iterator, { value: AP.values, writable: true, configurable: true, enumerable: false });
  var ArrayIteratorProto = getProto([][Symbol.iterator]());
  var arrayIteratorNext = ArrayIteratorProto.next;
  defineProperty(ArrayIteratorProto, 'next', { writable: true, configurable: true, enumerable: false, value: {
    next: function () { return apply(arrayIteratorNext, this, []); } }.next });
  guard('concat', function (args) {
    for (var i = 0; i < args.length; i++) {
      var v = args[i];
      if (v !== null && typeof v === 'object' && (isArray(v) || v[spreadable]) && lengthOf(v) > MAX_LENGTH) throw tooLong('concat');
    }
  });
  // flat and flatMap also walk the nested arrays in C: done here in JavaScript instead.
  function flatten(target, source, depth, mapper, thisArg) {
    var n = lengthOf(source);
    if (n > MAX_LENGTH) throw tooLong('flat');
    for (var i = 0; i < n; i++) {
      if (!(i in source)) continue;
      var element = mapper ? apply(mapper, thisArg, [source[i], i, source]) : source[i];
      if (depth > 0 && isArray(element)) flatten(target, element, depth - 1, null, undefined);
      else target[target.length] = element;
    }
    return target;
  }
  defineProperty(AP, 'flat', { writable: true, configurable: true, enumerable: false, value: {
    flat: function () {
      var d = arguments.length > 0 && arguments[0] !== undefined ? +arguments[0] : 1;
      return flatten([], Object(this), d !== d ? 0 : d, null, undefined);
    } }.flat });
  defineProperty(AP, 'flatMap', { writable: true, configurable: true, enumerable: false, value: {
    flatMap: function (mapper) {
      if (typeof mapper !== 'function') throw new TypeError('flatMap: mapper is not a function');
      return flatten([], Object(this), 1, mapper, arguments[1]);
    } }.flatMap });

  var ErrorCtor = Error, TypeErrorCtor = TypeError, MAX_LOG = ${MAX_LOG_MESSAGE_CHARS};

  // console: each call's arguments become one line of text handed to the host (which bounds the total).
  function logText(v) {
    if (typeof v === 'string') return v;
    if (v === undefined) return 'undefined';
    if (typeof v === 'function') return '[function]';
    try { var j = JSONstringify(v); if (typeof j === 'string') return j; } catch (_) {}
    var t = text(v);
    return t === null ? '[unprintable]' : t;
  }
  function makeConsole(logFn) {
    function method(level) {
      return function () {
        var line = '';
        for (var i = 0; i < arguments.length && line.length < MAX_LOG; i++) line += (i > 0 ? ' ' : '') + logText(arguments[i]);
        logFn(level, line.length > MAX_LOG ? line.slice(0, MAX_LOG) : line);
      };
    }
    return { log: method('log'), info: method('info'), warn: method('warn'), error: method('error'), debug: method('debug') };
  }

  // Host capabilities: synchronous functions at dotted paths inside context. The host answers
  // 'R' + JSON (or 'R' alone for undefined) or 'E' + JSON {message, status?, errors?}.
  function hostMethod(name, hostFn) {
    return function () {
      var a = [];
      for (var i = 0; i < arguments.length; i++) a[i] = arguments[i];
      var json;
      try { json = JSONstringify(a); } catch (e) { throw new TypeErrorCtor(name + ': the arguments are not JSON'); }
      var out = hostFn(name, json);
      if (typeof out !== 'string' || out.length === 0) throw new ErrorCtor(name + ': no answer');
      if (out[0] === 'E') {
        var info = JSONparse(out.slice(1));
        var error = new ErrorCtor(typeof info.message === 'string' ? info.message : name + ' failed');
        if (info.status !== undefined) error.status = info.status;
        if (info.errors !== undefined) error.errors = info.errors;
        throw error;
      }
      return out.length === 1 ? undefined : JSONparse(out.slice(1));
    };
  }
  function attachHost(target, names, hostFn) {
    for (var i = 0; i < names.length; i++) {
      var path = names[i].split('.'), at = target;
      for (var j = 0; j < path.length - 1; j++) {
        var next = at[path[j]];
        if (next === null || typeof next !== 'object') { next = {}; at[path[j]] = next; }
        at = next;
      }
      at[path[path.length - 1]] = hostMethod(names[i], hostFn);
    }
  }

  function text(v) {
    try { return typeof v === 'string' ? v : StringCtor(v); } catch (_) { return null; }
  }
  function describe(e) {
    var name = null, message = null, line = null;
    try {
      if (e !== null && (typeof e === 'object' || typeof e === 'function')) {
        var m = e.message;
        if (typeof m === 'string') {
          message = m;
          var n = e.name;
          name = typeof n === 'string' ? n : null;
          if (name === 'SyntaxError') {
            var s = e.stack;
            var at = typeof s === 'string' ? s.indexOf('<input>:') : -1;
            if (at >= 0) line = parseInt(s.slice(at + 8), 10) - 1;
          }
        }
      }
    } catch (_) {}
    if (message === null) {
      name = null;
      message = text(e);
      if (message === null) message = 'uncaught exception';
    }
    if (name === 'InternalError') {
      if (message === 'interrupted') return 'deadline exceeded';
      if (message === 'out of memory' || message.indexOf('too long') >= 0) return 'out of memory';
      if (message === 'stack overflow') return 'stack overflow';
    }
    if (name === 'RangeError' && message.indexOf('call stack') >= 0) return 'stack overflow';
    var out = name && name !== 'Error' ? name + ': ' + message : message;
    if (line !== null && line > 0) out += ' (line ' + line + ')';
    return out.length > MAX_MESSAGE ? out.slice(0, MAX_MESSAGE) + '...' : out;
  }

  var AsyncFunctionProto = getProto(async function () {}), PromiseThen = Promise.prototype.then;
  // The outcome of an async script, filled in by its promise's reactions while the host runs the jobs.
  var pending = null;
  function settle() {
    var p = pending;
    pending = null;
    if (p === null || !p.done) return 'E' + 'the function awaited something that never settled';
    return p.failed ? 'E' + describe(p.reason) : answer(p.value);
  }

  function run(wrapperSource, argsJson, lodash, dayjs, hostNamesJson, contextIndex, hostFn, logFn) {
    var fn, args, value;
    defineProperty(global, 'console', { value: makeConsole(logFn), writable: true, configurable: true, enumerable: false });
    try { fn = geval(wrapperSource); } catch (e) { return 'E' + describe(e); }
    try { args = JSONparse(argsJson); } catch (e) { return 'E' + 'arguments are not JSON: ' + describe(e); }
    var hostNames = JSONparse(hostNamesJson);
    if (hostNames.length > 0) {
      var context = args[contextIndex];
      if (context === null || typeof context !== 'object' || isArray(context)) { context = {}; args[contextIndex] = context; }
      attachHost(context, hostNames, hostFn);
    }
    args[args.length] = lodash;
    args[args.length] = dayjs;
    try { value = apply(fn, undefined, args); } catch (e) { return 'E' + describe(e); }
    if (getProto(fn) === AsyncFunctionProto) {
      // 'P': the host runs the pending jobs, then calls run.settle() for the answer.
      var p = { done: false, failed: false, value: undefined, reason: undefined };
      pending = p;
      apply(PromiseThen, value, [function (v) { p.done = true; p.value = v; }, function (e) { p.done = true; p.failed = true; p.reason = e; }]);
      return 'P';
    }
    return answer(value);
  }

  function answer(value) {
    var json, notJson = null;
    if (value === undefined) return 'Rnull';
    function refuse(key, what) {
      notJson = 'the result is not JSON: ' + what + (key === '' ? '' : ' at ' + JSONstringify(StringCtor(key)));
      throw notJson;
    }
    function replacer(key, v) {
      var t = typeof v;
      if (t === 'object' && v !== null) {
        if (!isArray(v)) {
          var p = getProto(v);
          if (p !== ObjectProto && p !== null) {
            var what = 'an object';
            try { var c = v.constructor; if (c && typeof c.name === 'string' && c.name) what = 'a ' + c.name; } catch (_) {}
            refuse(key, what);
          }
        }
      } else if (t === 'function' || t === 'symbol' || t === 'bigint') {
        refuse(key, 'a ' + t);
      } else if (t === 'number' && !numberIsFinite(v)) {
        refuse(key, StringCtor(v));
      }
      return v;
    }
    try { json = JSONstringify(value, replacer); } catch (e) { return 'E' + (notJson !== null ? notJson : describe(e)); }
    if (typeof json !== 'string') return 'E' + 'the result is not JSON';
    return 'R' + json;
  }

  defineProperty(run, 'settle', { value: settle });
  return run;
})()`;

/** Evaluates a UMD library as CommonJS, so it never touches the global object. */
export function libraryExpression(source: string): string {
  return `(function () { var module = { exports: {} }; var exports = module.exports; (function (module, exports, define) {\n${source}\n}).call(undefined, module, exports, undefined); return module.exports; })()`;
}
