# Normalisations keep their input's type; losses are scalars; einsum's output
# follows its subscripts (explicit or implicit); unique's outputs follow its flags.
from tvm.script import relax as R


@R.function
def main(
    x: R.Tensor((4, 8, 16), dtype="float32"),
    gamma: R.Tensor((16,), dtype="float32"),
    beta: R.Tensor((16,), dtype="float32"),
    a: R.Tensor(("m", "k"), dtype="float32"),
    b: R.Tensor(("k", 5), dtype="float32"),
    label: R.Tensor((4, 8, 16), dtype="float32"),
    ids: R.Tensor((3, 4), dtype="int64"),
):
    ln = R.nn.layer_norm(x, gamma, beta, axes=[-1])
    rms = R.nn.rms_norm(x, gamma, axes=[-1])
    dr = R.nn.dropout(x, rate=0.25)
    loss = R.nn.cross_entropy_with_logits(x, label)
    mm = R.einsum((a, b), "ij, jk -> ik")
    tr = R.einsum((a,), "ij->ji")
    implicit = R.einsum((a, b), "ij,jk")
    u1 = R.unique(ids)
    u2 = R.unique(ids, return_index=True, return_counts=True, axis=0)
    r = R.arange(1, 10, 2)
    rf = R.arange(0, 2.5, 0.5)
    return (ln, rms, dr, loss, mm, tr, implicit, u1, u2, r, rf)
