"""A static token table distilled from all-MiniLM-L6-v2, the form a model
could take inside aide's binary (model2vec's recipe): each WordPiece token
alone through the model ([CLS] token [SEP], mean of the outputs), PCA to D
dimensions, each token weighted by its Zipf rank (SIF: a / (a + p), p ~ 1/rank,
the vocabulary being in frequency order), int8 per dimension. A text's vector
is the mean of its tokens' rows: a table look-up, microseconds in Rust.

The whole table (30,522 rows) takes about an hour of this shared machine's
CPU in numpy, so the rows are computed as needed: those of the tokens the
measured texts use, and a fixed sample of 4,096 tokens on which the PCA and
the int8 scales are fitted. Each row depends only on its token; the table's
bytes are 30,522 x D (plus D scales). Used by meaning.py as model
"minilm-static-D"."""
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
RAW = os.path.join(HERE, ".cache", "minilm-token-outputs.npz")
VOCAB = 30522


def outputs(model, ids):
    """The 384-dim output of each token id, cached across runs."""
    have = {}
    if os.path.exists(RAW):
        z = np.load(RAW)
        have = dict(zip(z["ids"].tolist(), z["rows"]))
    todo = sorted(set(int(i) for i in ids) - set(have))
    cls, sep = model.tok.token_to_id("[CLS]"), model.tok.token_to_id("[SEP]")
    for s in range(0, len(todo), 256):
        chunk = todo[s : s + 256]
        rows = model.hidden(np.array([[cls, t, sep] for t in chunk])).mean(1)
        have.update(zip(chunk, rows))
    if todo:
        os.makedirs(os.path.dirname(RAW), exist_ok=True)
        keys = sorted(have)
        np.savez(RAW, ids=np.array(keys), rows=np.stack([have[k] for k in keys]).astype(np.float32))
    return np.stack([have[int(i)] for i in ids])


class Static:
    def __init__(self, name):
        import minilm
        self.dims = int(name.rsplit("-", 1)[1])
        self.model = minilm.MiniLM()

    def encode(self, texts):
        toks = [self.model.tok.encode(t, add_special_tokens=False).ids for t in texts]
        sample = np.random.default_rng(56).choice(np.arange(999, VOCAB), 4096, replace=False)
        used = sorted({i for ids in toks for i in ids})
        raw = outputs(self.model, list(sample) + used)
        fit = raw[: len(sample)]
        mean = fit.mean(0)
        _, _, vt = np.linalg.svd(fit - mean, full_matrices=False)
        proj = (raw - mean) @ vt[: self.dims].T
        ids = np.array(list(sample) + used)
        p = 1 / (ids + 1.0)
        p /= (1 / np.arange(1, VOCAB + 1)).sum()
        proj *= (1e-3 / (1e-3 + p))[:, None]
        scale = np.abs(proj[: len(sample)]).max(0) / 127
        q = np.clip(np.round(proj / scale), -127, 127) * scale
        row = dict(zip(ids.tolist(), q))
        out = []
        for t in toks:
            v = np.mean([row[i] for i in t], 0) if t else np.zeros(self.dims)
            out.append(v / (np.linalg.norm(v) or 1.0))
        return np.stack(out)
