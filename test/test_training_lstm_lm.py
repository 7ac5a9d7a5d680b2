"""A small LSTM language model in the style of the era's word_language_model example, written as
a 2017 program (`import torch_early as torch`): embedding, two LSTM layers with dropout, a linear
decoder, truncated backpropagation through time with the hidden state carried over (detached),
gradient clipping and plain SGD by hand. On a synthetic corpus whose next word is predictable,
the loss must fall well below that of guessing."""

import math

import torch_early as torch
import torch_early.nn as nn
from torch_early.autograd import Variable


class RNNModel(nn.Module):

    def __init__(self, ntoken, ninp, nhid, nlayers, dropout=0.2):
        super(RNNModel, self).__init__()
        self.drop = nn.Dropout(dropout)
        self.encoder = nn.Embedding(ntoken, ninp)
        self.rnn = nn.LSTM(ninp, nhid, nlayers, dropout=dropout)
        self.decoder = nn.Linear(nhid, ntoken)
        self.encoder.weight.data.uniform_(-0.1, 0.1)
        self.decoder.bias.data.fill_(0)
        self.decoder.weight.data.uniform_(-0.1, 0.1)
        self.nhid, self.nlayers = nhid, nlayers

    def forward(self, input, hidden):
        emb = self.drop(self.encoder(input))
        output, hidden = self.rnn(emb, hidden)
        output = self.drop(output)
        decoded = self.decoder(output.view(output.size(0) * output.size(1), output.size(2)))
        return decoded.view(output.size(0), output.size(1), decoded.size(1)), hidden

    def init_hidden(self, bsz):
        weight = next(self.parameters()).data
        return (Variable(weight.new(self.nlayers, bsz, self.nhid).zero_()),
                Variable(weight.new(self.nlayers, bsz, self.nhid).zero_()))


def synthetic_corpus(ntoken, length):
    """A text in which each word determines the next (a fixed random permutation), with one word
    in eight replaced at random: predictable, but not a copy task."""
    torch.manual_seed(7)
    successor = torch.randperm(ntoken)
    words = [0]
    for _ in range(length - 1):
        if torch.rand(1)[0] < 0.125:
            words.append(int(torch.LongTensor(1).random_(0, ntoken)[0]))
        else:
            words.append(int(successor[words[-1]]))
    return torch.LongTensor(words)


def batchify(data, bsz):
    nbatch = data.size(0) // bsz
    return data.narrow(0, 0, nbatch * bsz).view(bsz, -1).t().contiguous()


def repackage_hidden(h):
    """Cut the graph between truncated sequences, keeping the values."""
    if type(h) == Variable:
        return Variable(h.data)
    return tuple(repackage_hidden(v) for v in h)


def test_lstm_language_model_learns_a_synthetic_corpus():
    ntoken, bptt, bsz, lr, clip = 20, 10, 8, 10.0, 0.5
    train = batchify(synthetic_corpus(ntoken, 2400), bsz)
    torch.manual_seed(1)
    model = RNNModel(ntoken, 16, 32, 2)
    criterion = nn.CrossEntropyLoss()

    def epoch():
        model.train()
        hidden = model.init_hidden(bsz)
        losses = []
        for i in range(0, train.size(0) - 1, bptt):
            seq_len = min(bptt, train.size(0) - 1 - i)
            data = Variable(train[i:i + seq_len])
            targets = Variable(train[i + 1:i + 1 + seq_len].view(-1))
            hidden = repackage_hidden(hidden)
            model.zero_grad()
            output, hidden = model(data, hidden)
            loss = criterion(output.view(-1, ntoken), targets)
            loss.backward()
            nn.utils.clip_grad_norm(model.parameters(), clip)
            for p in model.parameters():
                p.data.add_(-lr, p.grad.data)
            losses.append(loss.data[0])
        return sum(losses) / len(losses)

    first = epoch()
    for _ in range(9):
        last = epoch()
    assert first > 0.8 * math.log(ntoken)      # it starts near guessing (log 20 ≈ 3.0)
    assert last < 0.5 * first                  # and learns the successor of each word
    assert math.isfinite(last)
